package corpus

import "strings"

// Code templates are written with "‵" for a backquote, which a Go raw
// string cannot hold, and Go templates with four spaces for each tab of
// indentation; codeTemplate turns them into the real text.

// codeTemplate replaces every "‵" of tmpl with a backquote and, when tabs
// is set, every leading group of four spaces with a tab.
func codeTemplate(tmpl string, tabs bool) string {
	tmpl = strings.ReplaceAll(tmpl, "‵", "`")
	if !tabs {
		return tmpl
	}
	lines := strings.Split(tmpl, "\n")
	for i, line := range lines {
		n := 0
		for strings.HasPrefix(line[n*4:], "    ") {
			n++
		}
		lines[i] = strings.Repeat("\t", n) + line[n*4:]
	}
	return strings.Join(lines, "\n")
}

// genCode appends a header, then units drawn from units (each with freshly
// bound slots) separated by blank lines until the class is full. Every
// fileEvery units or so it starts a new file of a repository dump with
// fileHeader.
func genCode(g *gen, header, fileHeader string, units []string, tabs bool) {
	g.bindFile()
	g.t(codeTemplate(header, tabs))
	for !g.full() {
		if g.r.chance(6) {
			g.bindFile()
			g.t(codeTemplate(fileHeader, tabs))
		}
		g.bindUnit()
		g.s("\n")
		g.t(codeTemplate(g.pick(units), tabs))
	}
}

// genGo builds go: Go source as a repository dump an agent reads, with
// tabs, doc comments, struct tags, raw strings and error handling.
func genGo(g *gen) { genCode(g, goHeader, goFileHeader, goUnits, true) }

// genPython builds python: Python modules with docstrings, type hints,
// f-strings, decorators and tests.
func genPython(g *gen) { genCode(g, pyHeader, pyFileHeader, pyUnits, false) }

// genJavaScript builds javascript: modern JavaScript modules with template
// literals, arrow functions, classes, JSX and tests.
func genJavaScript(g *gen) { genCode(g, jsHeader, jsFileHeader, jsUnits, false) }

const goHeader = `// Package ⟨pkg⟩ keeps the ⟨t⟩ records of the ⟨noun⟩ service and serves
// them over HTTP. It is safe for concurrent use.
package ⟨pkg⟩

import (
    "context"
    "database/sql"
    "encoding/json"
    "errors"
    "fmt"
    "io"
    "net/http"
    "regexp"
    "strconv"
    "sync"
    "time"
)

// ErrNotFound is returned when a record does not exist.
var ErrNotFound = errors.New("⟨pkg⟩: not found")
`

const goFileHeader = `
// ---- ⟨dir⟩/⟨t⟩.go ----

package ⟨pkg⟩

import (
    "context"
    "fmt"
    "strings"
)
`

var goUnits = []string{
	`// ⟨T⟩ is one ⟨t⟩ as the ⟨noun⟩ service stores it.
type ⟨T⟩ struct {
    ID        string            ‵json:"id"‵
    Owner     string            ‵json:"owner,omitempty"‵
    CreatedAt time.Time         ‵json:"created_at"‵
    Labels    map[string]string ‵json:"labels,omitempty"‵
    Size      int64             ‵json:"size"‵
    Status    ⟨T⟩Status         ‵json:"status"‵
    // Checksum is the hex SHA-256 of the payload, empty until uploaded.
    Checksum string ‵json:"checksum,omitempty"‵
}
`,
	`// ⟨V⟩ loads the ⟨t⟩ with the given id and refreshes its cached copy.
// It returns ErrNotFound when no such ⟨t⟩ exists.
func (s *Store) ⟨V⟩(ctx context.Context, id string) (*⟨T⟩, error) {
    if id == "" {
        return nil, fmt.Errorf("⟨pkg⟩: empty %s id", "⟨t⟩")
    }
    s.mu.RLock()
    cached, ok := s.cache[id]
    s.mu.RUnlock()
    if ok && time.Since(cached.loadedAt) < ⟨n⟩*time.Second {
        return cached.value, nil
    }
    row := s.db.QueryRowContext(ctx, ‵SELECT id, owner, created_at, size FROM ⟨t⟩s WHERE id = $1‵, id)
    var v ⟨T⟩
    if err := row.Scan(&v.ID, &v.Owner, &v.CreatedAt, &v.Size); err != nil {
        if errors.Is(err, sql.ErrNoRows) {
            return nil, ErrNotFound
        }
        return nil, fmt.Errorf("⟨pkg⟩: ⟨v⟩ %q: %w", id, err)
    }
    s.mu.Lock()
    s.cache[id] = entry{value: &v, loadedAt: time.Now()}
    s.mu.Unlock()
    return &v, nil
}
`,
	`// ⟨T⟩Status is the life-cycle state of a ⟨t⟩.
type ⟨T⟩Status int

const (
    ⟨T⟩Pending ⟨T⟩Status = iota
    ⟨T⟩Active
    ⟨T⟩Suspended
    ⟨T⟩Deleted
)

// String returns the status name used in logs and JSON.
func (s ⟨T⟩Status) String() string {
    switch s {
    case ⟨T⟩Pending:
        return "pending"
    case ⟨T⟩Active:
        return "active"
    case ⟨T⟩Suspended:
        return "suspended"
    case ⟨T⟩Deleted:
        return "deleted"
    default:
        return fmt.Sprintf("⟨T⟩Status(%d)", int(s))
    }
}
`,
	`func (h *Handler) handle⟨T⟩(w http.ResponseWriter, r *http.Request) {
    if r.Method != http.MethodPost {
        w.Header().Set("Allow", "POST")
        http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
        return
    }
    r.Body = http.MaxBytesReader(w, r.Body, ⟨n⟩<<20)
    var req struct {
        Name  string   ‵json:"name"‵
        Tags  []string ‵json:"tags"‵
        Limit int      ‵json:"limit"‵
    }
    if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
        writeError(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
        return
    }
    if req.Limit <= 0 || req.Limit > ⟨nn⟩ {
        req.Limit = ⟨n⟩
    }
    items, err := h.store.List(r.Context(), req.Name, req.Limit)
    if err != nil {
        h.log.Printf("handle⟨T⟩: list %q: %v", req.Name, err)
        writeError(w, http.StatusInternalServerError, "internal error")
        return
    }
    resp := map[string]any{"items": items, "count": len(items), "next": nil}
    w.Header().Set("Content-Type", "application/json; charset=utf-8")
    if err := json.NewEncoder(w).Encode(resp); err != nil {
        h.log.Printf("handle⟨T⟩: writing response: %v", err)
    }
}
`,
	`func Test⟨T⟩⟨V⟩(t *testing.T) {
    tests := []struct {
        name    string
        in      string
        want    int
        wantErr bool
    }{
        {"empty", "", 0, true},
        {"single", "a", 1, false},
        {"unicode", "héllo, 世界", ⟨n⟩, false},
        {"quoted", ‵"x\"y"‵, 3, false},
        {"spaces", "  a b  ", 2, false},
    }
    for _, tt := range tests {
        t.Run(tt.name, func(t *testing.T) {
            got, err := ⟨v⟩(tt.in)
            if (err != nil) != tt.wantErr {
                t.Fatalf("⟨v⟩(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
            }
            if got != tt.want {
                t.Errorf("⟨v⟩(%q) = %d, want %d", tt.in, got, tt.want)
            }
        })
    }
}
`,
	`// run⟨T⟩Workers processes jobs with n workers and returns the first error.
func run⟨T⟩Workers(ctx context.Context, n int, jobs <-chan ⟨T⟩) error {
    ctx, cancel := context.WithCancel(ctx)
    defer cancel()
    var (
        wg       sync.WaitGroup
        once     sync.Once
        firstErr error
    )
    for i := 0; i < n; i++ {
        wg.Add(1)
        go func(worker int) {
            defer wg.Done()
            for {
                select {
                case <-ctx.Done():
                    return
                case job, ok := <-jobs:
                    if !ok {
                        return
                    }
                    if err := process(ctx, job); err != nil {
                        once.Do(func() {
                            firstErr = fmt.Errorf("worker %d: %w", worker, err)
                            cancel()
                        })
                    }
                }
            }
        }(i)
    }
    wg.Wait()
    return firstErr
}
`,
	`var (
    // ⟨t⟩Pattern matches the external ⟨t⟩ references of the old API.
    ⟨t⟩Pattern = regexp.MustCompile(‵^(?i)⟨t⟩-([0-9a-f]{8})(?:/v(\d+))?$‵)

    default⟨T⟩Limits = map[string]int{
        "free":       ⟨n⟩,
        "team":       ⟨nn⟩,
        "enterprise": ⟨big⟩,
    }
)

const ⟨t⟩Query = ‵
SELECT t.id, t.owner, t.size
FROM ⟨t⟩s AS t
WHERE t.region = $1
  AND t.deleted_at IS NULL
ORDER BY t.created_at DESC
LIMIT $2‵
`,
	`// A ⟨T⟩Source yields ⟨t⟩s one at a time until it returns io.EOF.
type ⟨T⟩Source interface {
    Next(ctx context.Context) (⟨T⟩, error)
    Close() error
}

// collect⟨T⟩s drains src, stopping after max items.
func collect⟨T⟩s(ctx context.Context, src ⟨T⟩Source, max int) ([]⟨T⟩, error) {
    defer src.Close()
    out := make([]⟨T⟩, 0, min(max, 64))
    for len(out) < max {
        v, err := src.Next(ctx)
        if err == io.EOF {
            break
        }
        if err != nil {
            return out, err
        }
        out = append(out, v)
    }
    return out, nil
}
`,
	`// ⟨v⟩By returns the elements of xs keyed by key(x), keeping their order.
func ⟨v⟩By[T any, K comparable](xs []T, key func(T) K) map[K][]T {
    m := make(map[K][]T, len(xs)/4+1)
    for _, x := range xs {
        k := key(x)
        m[k] = append(m[k], x)
    }
    return m
}
`,
	`// ⟨T⟩Error reports a failed operation on one ⟨t⟩.
type ⟨T⟩Error struct {
    Op  string // the operation, e.g. "⟨v⟩"
    ID  string
    Err error
}

func (e *⟨T⟩Error) Error() string {
    return "⟨pkg⟩: " + e.Op + " " + strconv.Quote(e.ID) + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *⟨T⟩Error) Unwrap() error { return e.Err }
`,
	`func parse⟨T⟩Line(line string) (key, value string, err error) {
    line = strings.TrimSpace(line)
    if line == "" || strings.HasPrefix(line, "#") {
        return "", "", nil
    }
    k, v, ok := strings.Cut(line, "=")
    if !ok {
        return "", "", fmt.Errorf("line %q: missing '='", line)
    }
    v = strings.Trim(strings.TrimSpace(v), "\"")
    v = strings.ReplaceAll(v, "\\n", "\n")
    return strings.ToLower(strings.TrimSpace(k)), v, nil
}
`,
	`func Benchmark⟨T⟩⟨V⟩(b *testing.B) {
    data := bytes.Repeat([]byte("⟨t⟩,⟨field⟩;"), ⟨nn⟩)
    b.SetBytes(int64(len(data)))
    b.ReportAllocs()
    for b.Loop() {
        if _, err := ⟨v⟩(data); err != nil {
            b.Fatal(err)
        }
    }
}
`,
}

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

const jsHeader = `import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";

const DEFAULT_TIMEOUT_MS = ⟨nn⟩;
const API_BASE = process.env.API_BASE ?? "https://⟨host⟩";
const cache = new Map();
`

const jsFileHeader = `

// ---- ⟨dir⟩/⟨t⟩.js ----
"use strict";

import { useMemo, useState } from "react";
`

var jsUnits = []string{
	`/**
 * Loads a ⟨t⟩ by id, using the in-memory cache when it is fresh.
 * @param {string} id
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<object>}
 */
export async function load⟨T⟩(id, { signal } = {}) {
  const cached = cache.get(id);
  if (cached && Date.now() - cached.at < ⟨n⟩_000) {
    return cached.value;
  }
  const res = await fetch(‵${API_BASE}/v1/⟨t⟩s/${encodeURIComponent(id)}‵, {
    headers: { Accept: "application/json", Authorization: ‵Bearer ${token()}‵ },
    signal,
  });
  if (!res.ok) {
    throw new Error(‵load⟨T⟩(${id}): HTTP ${res.status} ${res.statusText}‵);
  }
  const value = await res.json();
  cache.set(id, { at: Date.now(), value });
  return value;
}
`,
	`export class ⟨T⟩Store extends EventEmitter {
  #items = new Map();

  constructor(options = {}) {
    super();
    this.limit = options.limit ?? ⟨nn⟩;
  }

  add(item) {
    if (!item || typeof item.id !== "string") {
      throw new TypeError("⟨T⟩Store.add: item.id must be a string");
    }
    this.#items.set(item.id, { ...item, updatedAt: new Date().toISOString() });
    if (this.#items.size > this.limit) {
      const oldest = this.#items.keys().next().value;
      this.#items.delete(oldest);
      this.emit("evict", oldest);
    }
    this.emit("change", item.id);
    return this;
  }

  get size() {
    return this.#items.size;
  }
}
`,
	`function ⟨T⟩List({ items, onSelect }) {
  const [query, setQuery] = useState("");
  const visible = useMemo(
    () => items.filter((it) => it.name.toLowerCase().includes(query.toLowerCase())),
    [items, query],
  );
  return (
    <div className="⟨t⟩-list">
      <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search ⟨t⟩s…" />
      <ul>
        {visible.map((it) => (
          <li key={it.id} onClick={() => onSelect(it)}>
            {it.name} <span className="muted">({it.count})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
`,
	`const ⟨t⟩IdPattern = /^⟨t⟩_[0-9a-f]{8}$/i;

export const debounce = (fn, wait = ⟨n⟩0) => {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
};

function escapeHtml(s) {
  return String(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
`,
	`describe("⟨v⟩", () => {
  it("returns an empty array for empty input", () => {
    expect(⟨v⟩([])).toEqual([]);
  });

  it("keeps the order of equal keys", async () => {
    const input = [{ k: 2, v: "b" }, { k: 1, v: "a" }, { k: 2, v: "c" }];
    await expect(⟨v⟩(input)).resolves.toMatchObject([{ v: "a" }, { v: "b" }, { v: "c" }]);
  });

  test.each([
    ["ascii", "hello", 5],
    ["accents", "crème brûlée", 12],
    ["emoji", "ok 👍", 4],
  ])("counts %s", (_name, text, want) => {
    expect([...text].length).toBe(want);
  });
});
`,
	`module.exports = {
  mode: process.env.NODE_ENV === "production" ? "production" : "development",
  entry: { main: "./src/index.js" },
  output: { path: path.resolve(__dirname, "dist"), filename: "[name].[contenthash:8].js" },
  module: {
    rules: [
      { test: /\.jsx?$/, exclude: /node_modules/, use: "babel-loader" },
      { test: /\.css$/, use: ["style-loader", "css-loader"] },
    ],
  },
  devServer: { port: ⟨port⟩, historyApiFallback: true },
};
`,
	`export async function ⟨v⟩(file, { encoding = "utf8" } = {}) {
  const text = await readFile(file, encoding);
  const rows = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim() || line.startsWith("#")) continue;
    try {
      rows.push(JSON.parse(line));
    } catch (err) {
      console.warn(‵${path.basename(file)}:${i + 1}: ${err.message}‵);
    }
  }
  const digest = createHash("sha256").update(text).digest("hex");
  return { rows, digest, bytes: Buffer.byteLength(text) };
}
`,
	`const ⟨t⟩Defaults = Object.freeze({
  retries: ⟨n⟩,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  backoff: (attempt) => Math.min(2 ** attempt * 100, 10_000),
  labels: { team: "⟨noun⟩", tier: "standard" },
});

export function with⟨T⟩Options(overrides = {}) {
  const opts = { ...⟨t⟩Defaults, ...overrides };
  if (!Number.isInteger(opts.retries) || opts.retries < 0) {
    throw new RangeError(‵retries must be a non-negative integer, got ${opts.retries}‵);
  }
  return opts;
}
`,
}
