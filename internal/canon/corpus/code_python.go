package corpus

// The seeds of the python class: a module header, the header of each
// further module, and the definitions drawn between them.

const pyHeader = `"""⟨T⟩ service helpers.

This module talks to the ⟨noun⟩ API and caches the results on disk.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

log = logging.getLogger(__name__)
`

const pyFileHeader = `

# ---- ⟨dir⟩/⟨s⟩.py ----
"""Utilities for ⟨t⟩ records."""

import re
from collections import defaultdict

import pytest
`

var pyUnits = []string{
	`
@dataclass(frozen=True)
class ⟨T⟩:
    """One ⟨t⟩ as returned by the API."""

    id: str
    owner: str
    size: int = 0
    labels: dict[str, str] = field(default_factory=dict)
    status: str = "pending"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "⟨T⟩":
        return cls(
            id=data["id"],
            owner=data.get("owner", ""),
            size=int(data.get("size", 0)),
            labels=dict(data.get("labels") or {}),
            status=data.get("status", "pending"),
        )
`,
	`
async def ⟨s⟩(session, url: str, *, retries: int = ⟨n⟩, timeout: float = 10.0) -> dict:
    """Fetch ‵‵url‵‵ and decode the JSON body, retrying on 429 and 5xx."""
    delay = 0.5
    for attempt in range(1, retries + 1):
        try:
            async with session.get(url, timeout=timeout) as resp:
                if resp.status == 429 or resp.status >= 500:
                    raise RuntimeError(f"retryable status {resp.status}")
                resp.raise_for_status()
                return await resp.json()
        except (asyncio.TimeoutError, RuntimeError) as exc:
            if attempt == retries:
                raise
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, url, exc)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 30)
    raise AssertionError("unreachable")
`,
	`
class ⟨T⟩Index:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._by_owner: dict[str, list[⟨T⟩]] = {}

    def add(self, items: Iterable[⟨T⟩]) -> int:
        count = 0
        for item in items:
            self._by_owner.setdefault(item.owner, []).append(item)
            count += 1
        return count

    def largest(self, n: int = ⟨n⟩) -> list[⟨T⟩]:
        every = [x for xs in self._by_owner.values() for x in xs]
        return sorted(every, key=lambda x: (-x.size, x.id))[:n]

    def __repr__(self) -> str:
        return f"⟨T⟩Index(root={self.root!r}, owners={len(self._by_owner)})"
`,
	`
def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Export ⟨t⟩s as JSON lines.")
    parser.add_argument("--region", default="⟨region⟩")
    parser.add_argument("--limit", type=int, default=⟨nn⟩)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    out = Path(os.environ.get("EXPORT_DIR", "./out")) / f"{args.region}.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for row in iter_rows(args.region, limit=args.limit):
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
`,
	`
@pytest.mark.parametrize(
    "raw, expected",
    [
        ("", []),
        ("a,b", ["a", "b"]),
        ('"x, y",z', ["x, y", "z"]),
        ("  padded ,\tvalue ", ["padded", "value"]),
        ("naïve,café", ["naïve", "café"]),
    ],
)
def test_⟨s⟩_splits(raw, expected):
    assert ⟨s⟩(raw) == expected


def test_⟨s⟩_rejects_none():
    with pytest.raises(TypeError, match="expected str"):
        ⟨s⟩(None)
`,
	`
_LINE_RE = re.compile(r"^(?P<ts>\d{4}-\d{2}-\d{2}T[\d:.]+Z)\s+(?P<level>[A-Z]+)\s+(?P<msg>.*)$")

LEVELS = {
    "DEBUG": 10,
    "INFO": 20,
    "WARN": 30,
    "ERROR": 40,
}


def parse_line(line: str) -> dict[str, Any] | None:
    m = _LINE_RE.match(line.rstrip("\r\n"))
    if m is None:
        return None
    d: dict[str, Any] = m.groupdict()
    d["severity"] = LEVELS.get(d["level"], 0)
    return d
`,
	`
def ⟨s⟩(rows, key="⟨field⟩"):
    """Group ‵‵rows‵‵ by ‵‵key‵‵ and return {value: [rows]} sorted by size."""
    groups = defaultdict(list)
    for row in rows:
        try:
            groups[row[key]].append(row)
        except KeyError:
            log.debug("row %r has no %r field", row.get("id"), key)
    return dict(sorted(groups.items(), key=lambda kv: len(kv[1]), reverse=True))
`,
	`
class ⟨T⟩Error(Exception):
    """Raised when the ⟨noun⟩ API rejects a ⟨t⟩."""

    def __init__(self, status: int, message: str, *, request_id: str | None = None):
        super().__init__(f"[{status}] {message}")
        self.status = status
        self.request_id = request_id

    def __str__(self) -> str:
        base = super().__str__()
        return f"{base} (request {self.request_id})" if self.request_id else base
`,
	`
def ⟨s⟩(path: Path, chunk_size: int = ⟨nn⟩) -> Iterable[bytes]:
    with path.open("rb") as fh:
        while True:
            chunk = fh.read(chunk_size)
            if not chunk:
                break
            yield chunk.replace(b"\r\n", b"\n")
`,
}
