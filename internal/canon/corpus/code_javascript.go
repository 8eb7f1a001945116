package corpus

// The seeds of the javascript class: a module header, the header of each
// further module, and the declarations drawn between them.

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
