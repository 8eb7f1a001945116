package corpus

// vocab holds the word lists that fill the slots of the templates (see
// gen.slot). A slot whose name is capitalised draws from the lower-case list
// and capitalises the word.
var vocab = map[string][]string{
	"noun": {
		"billing", "search", "indexing", "session", "upload", "notification",
		"scheduler", "auth", "ingestion", "export", "payment", "report",
		"proxy", "gateway", "queue", "storage", "metrics", "audit", "render",
		"invoice", "cache", "webhook", "inventory", "profile",
	},
	"thing": {
		"order", "invoice", "message", "document", "account", "user", "file",
		"job", "ticket", "token", "event", "record", "snapshot", "lease",
		"batch", "bucket", "channel", "session", "widget", "task",
	},
	"verb": {
		"fetchAll", "loadConfig", "flush", "parseHeader", "retryLater",
		"compact", "syncState", "openStream", "resolve", "normalize", "encode",
		"reconcile", "dispatch", "prune", "validate", "refresh",
	},
	"snake": {
		"fetch_all", "load_config", "parse_header", "retry_later", "sync_state",
		"open_stream", "normalize_text", "split_fields", "merge_labels",
		"resolve_path", "chunk_rows", "dedupe_events",
	},
	"field": {
		"id", "name", "email", "status", "createdAt", "updatedAt", "owner",
		"size", "count", "region", "priority", "labels", "version", "limit",
		"offset", "checksum", "retries", "deadline", "payload", "title",
	},
	"pkg": {
		"store", "ledger", "router", "cachex", "auth", "billing", "queue",
		"render", "search", "mailer", "telemetry", "files",
	},
	"first": {
		"ana", "bruno", "chen", "dmitri", "elif", "farah", "gustavo", "hana",
		"ivan", "jonas", "kemal", "lucia", "mei", "noah", "olga", "priya",
		"quentin", "rosa", "sami", "tomas", "ursula", "viktor", "wen", "yusuf",
	},
	"last": {
		"almeida", "becker", "castillo", "dubois", "eriksen", "fischer",
		"garcia", "haddad", "ito", "jansen", "kowalski", "lindqvist",
		"moreau", "nakamura", "okafor", "petrov", "rossi", "schmidt",
		"tanaka", "urquhart", "varga", "weber", "yilmaz", "zhang",
	},
	"city": {
		"Lisbon", "Osaka", "Nairobi", "Montreal", "Krakow", "Hanoi", "Seville",
		"Tallinn", "Porto Alegre", "Leeds", "Pune", "Busan", "Lyon", "Graz",
	},
	"region": {"eu-west-1", "us-east-2", "ap-southeast-1", "eu-central-1", "sa-east-1", "ap-northeast-3"},
	"host": {
		"api.internal", "db-primary-2", "cache-01", "worker-7", "edge-fra-3",
		"auth.svc.cluster.local", "queue-b", "search-node-4", "ingest-2",
	},
	"path": {
		"/v1/messages", "/v1/chat/completions", "/api/orders", "/api/users/me",
		"/healthz", "/metrics", "/v2/files/upload", "/login", "/api/search",
		"/v1/embeddings", "/static/app.js", "/api/invoices/export",
	},
	"method": {"GET", "GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH"},
	"status": {"200", "200", "200", "200", "201", "204", "301", "400", "401", "404", "409", "429", "500", "502", "503"},
	"level":  {"INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR"},
	"file": {
		"main.go", "server.go", "handler.go", "store.go", "README.md",
		"config.yaml", "index.ts", "app.py", "utils.js", "schema.sql",
		"Dockerfile", "go.mod", "package.json", "test_api.py", "styles.css",
	},
	"dir": {
		"src", "internal/store", "cmd/server", "pkg/api", "web/static",
		"scripts", "docs", "tests/integration", "lib", "config",
	},
	"adj": {
		"quick", "stale", "empty", "large", "partial", "fresh", "broken",
		"pending", "shared", "private", "nested", "unsorted", "cached",
	},
	"tool": {
		"read_file", "write_file", "list_dir", "run_shell", "search_code",
		"http_get", "apply_patch", "query_db", "fetch_url", "git_diff",
	},
	"model": {"gpt-4o-mini", "claude-3-5-sonnet", "llama-3.1-70b", "mistral-large", "qwen2.5-coder"},
	"topic": {
		"Overview", "Installation", "Configuration", "Troubleshooting",
		"Design notes", "Performance", "Security", "Migration guide", "FAQ",
		"Release notes", "Known issues", "Next steps",
	},
	"errmsg": {
		"connection refused", "context deadline exceeded", "no such file or directory",
		"permission denied", "unexpected end of JSON input", "too many open files",
		"invalid character 'x' looking for beginning of value", "broken pipe",
		"certificate has expired", "i/o timeout", "record not found",
	},
}
