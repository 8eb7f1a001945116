package corpus

// The seeds of the go class: a file header, the header of each further
// file of the dump, and the declarations drawn between them.

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
