package corpus

// genHTML builds html: a documentation or status page as a fetch tool
// returns it, with a head of metadata, an inline stylesheet and script,
// then navigation, articles, tables, forms and a footer; attribute values
// with query strings, entities, and some typographic UTF-8.
func genHTML(g *gen) {
	g.t(htmlHead)
	for !g.full() {
		g.bindUnit()
		g.t(g.pick(htmlSections))
		if g.r.chance(40) {
			g.t("      <p>" + g.paragraph(englishSentences, g.r.between(1, 3), " ") + "</p>\n")
		}
	}
	g.t(htmlFoot)
}

const htmlHead = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>⟨Noun⟩ service &mdash; Status &amp; Documentation</title>
  <link rel="stylesheet" href="/static/css/main.⟨hex8⟩.css">
  <link rel="icon" type="image/png" href="/favicon-32.png" sizes="32x32">
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; color: #1d2330; }
    .nav > li { display: inline-block; padding: 0 .75rem; }
    .status-ok::before { content: "\2713"; color: #1a7f37; }
    table.data td, table.data th { border-bottom: 1px solid #d0d7de; padding: 4px 8px; }
    @media (max-width: 600px) { .sidebar { display: none; } }
  </style>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"⟨Noun⟩ status","dateModified":"⟨time⟩"}</script>
</head>
<body class="docs theme-light">
  <header class="site-header">
    <a class="logo" href="/" aria-label="Home"><img src="/img/logo.svg" alt="" width="120" height="32"></a>
    <ul class="nav" role="navigation">
      <li><a href="/docs/">Docs</a></li>
      <li><a href="/api/?version=2&amp;lang=en">API reference</a></li>
      <li><a href="/status" class="active">Status</a></li>
      <li><a href="https://community.example.org/c/help?sort=latest&amp;page=1" rel="noopener" target="_blank">Community</a></li>
    </ul>
  </header>
  <main id="content">
`

const htmlFoot = `  </main>
  <footer class="site-footer">
    <p>&copy; 2025 Example Systems &middot; <a href="/privacy">Privacy</a> &middot; <a href="/terms">Terms</a></p>
  </footer>
  <script>
    document.querySelectorAll("a[data-track]").forEach((a) => {
      a.addEventListener("click", () => navigator.sendBeacon("/t?e=click&id=" + encodeURIComponent(a.dataset.track)));
    });
    if (window.innerWidth < 600 && !localStorage.getItem("hide-banner")) { document.body.classList.add("compact"); }
  </script>
</body>
</html>
`

var htmlSections = []string{
	`    <article class="post" id="post-⟨nn⟩" data-author="⟨first⟩">
      <h2><a href="/blog/⟨date⟩/⟨noun⟩-⟨adj⟩-⟨thing⟩s">Making ⟨noun⟩ ⟨thing⟩s ⟨adj⟩er</a></h2>
      <p class="meta">Posted by <strong>⟨First⟩ ⟨Last⟩</strong> on <time datetime="⟨time⟩">⟨date⟩</time> &middot; ⟨n⟩ min read</p>
      <p>We rewrote the <code>⟨v⟩()</code> path so that a request for ⟨nn⟩ ⟨thing⟩s no longer needs ⟨n⟩ round trips. The result: p99 latency went from ⟨nn⟩&nbsp;ms to ⟨n⟩&nbsp;ms &mdash; see the <a href="/graphs?from=⟨date⟩&amp;to=now&amp;metric=p99">graphs</a>.</p>
      <blockquote cite="https://example.org/review">&ldquo;It&rsquo;s the first time the dashboard loads before my coffee is ready.&rdquo; &mdash; a happy user</blockquote>
    </article>
`,
	`    <section class="incident" aria-labelledby="inc-⟨h⟩">
      <h3 id="inc-⟨h⟩">Degraded performance: ⟨noun⟩ API</h3>
      <ul class="timeline">
        <li><span class="ts">⟨time⟩</span> Investigating &ndash; we are seeing elevated error rates (HTTP ⟨status⟩) in ⟨region⟩.</li>
        <li><span class="ts">⟨time⟩</span> Identified &ndash; a bad config push to <code>⟨host⟩</code>; rolling back.</li>
        <li><span class="ts">⟨time⟩</span> <span class="status-ok">Resolved</span> &ndash; error rate back below 0.⟨n⟩%.</li>
      </ul>
    </section>
`,
	`    <table class="data" summary="Per-region latency">
      <thead><tr><th scope="col">Region</th><th scope="col">p50 (ms)</th><th scope="col">p99 (ms)</th><th scope="col">Errors</th></tr></thead>
      <tbody>
        <tr><td>⟨region⟩</td><td>⟨ms⟩</td><td>⟨ms⟩</td><td>⟨n⟩</td></tr>
        <tr><td>⟨region⟩</td><td>⟨ms⟩</td><td>⟨ms⟩</td><td>⟨n⟩</td></tr>
        <tr class="warn"><td>⟨region⟩</td><td>⟨ms⟩</td><td>⟨ms⟩</td><td>⟨nn⟩</td></tr>
      </tbody>
    </table>
`,
	`    <form class="search" action="/search" method="get" autocomplete="off">
      <label for="q-⟨h⟩">Search the docs</label>
      <input id="q-⟨h⟩" name="q" type="search" placeholder="e.g. &quot;rate limit&quot; or 429" required minlength="2">
      <select name="section"><option value="">All</option><option value="api" selected>API</option><option value="guides">Guides</option></select>
      <button type="submit" class="btn btn-primary" data-track="search-⟨n⟩">Search</button>
    </form>
`,
	`    <div class="callout callout-warning" role="note">
      <p><strong>Note:</strong> the <code>&lt;⟨t⟩&gt;</code> element is deprecated; use <code>&lt;⟨t⟩-list items=&quot;&hellip;&quot;&gt;</code> instead. Requests with <code>Accept: text/html</code> &amp; no <code>User-Agent</code> are rejected.</p>
    </div>
`,
	`    <section class="faq">
      <h3>Why do I get &ldquo;⟨errmsg⟩&rdquo;?</h3>
      <p>Usually because the client timed out after ⟨n⟩&nbsp;s. Raise <code>timeout_ms</code>, or split the request into pages of at most ⟨nn⟩ items: <code>GET ⟨path⟩?limit=⟨nn⟩&amp;cursor=⟨hex⟩</code>.</p>
      <pre><code class="language-bash">curl -sS -H 'Authorization: Bearer $TOKEN' \
  'https://⟨host⟩⟨path⟩?limit=⟨n⟩&amp;expand=owner' | jq '.items[] | {id, status}'</code></pre>
    </section>
`,
	`    <nav class="pagination" aria-label="Pages">
      <a href="?page=⟨n⟩&amp;sort=date" rel="prev">&laquo; Previous</a> <span class="current">Page ⟨n⟩ of ⟨nn⟩</span> <a href="?page=⟨n⟩&amp;sort=date" rel="next">Next &raquo;</a>
    </nav>
    <figure><img src="/img/charts/⟨noun⟩-⟨hex8⟩.png" alt="Requests per second, last 24 h" loading="lazy" width="640" height="320"><figcaption>Fig. ⟨n⟩ — requests per second in ⟨city⟩ (UTC).</figcaption></figure>
`,
}

// genXML builds xml: a catalogue export and an event feed with namespaces,
// attributes in both quote styles, CDATA sections, comments and entities.
func genXML(g *gen) {
	g.t(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Exported by ⟨noun⟩-sync ⟨n⟩.⟨n⟩ on ⟨time⟩; do not edit by hand. -->
<catalog xmlns="urn:example:catalog:v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:media="urn:example:media" version="2.⟨n⟩" generated="⟨time⟩">
`)
	for !g.full() {
		g.bindUnit()
		g.t(g.pick(xmlUnits))
	}
	g.s("</catalog>\n")
}

var xmlUnits = []string{
	`  <product id="P-⟨nn⟩" status="active" updated="⟨time⟩">
    <name xml:lang="en">⟨Adj⟩ ⟨thing⟩ holder &amp; stand</name>
    <name xml:lang="fr">Support de ⟨thing⟩ réglable</name>
    <price currency="EUR">⟨n⟩.⟨n⟩</price>
    <stock warehouse='⟨city⟩'>⟨nn⟩</stock>
    <description><![CDATA[Fits <b>most</b> models; see "sizing" & returns policy. Price < €⟨nn⟩.]]></description>
    <tags><tag>⟨noun⟩</tag><tag>⟨adj⟩</tag><tag>⟨thing⟩</tag></tags>
    <media:image href="https://cdn.example.org/p/⟨hex⟩.jpg" width="800" height="600"/>
  </product>
`,
	`  <event xsi:type="AuditEvent" seq="⟨big⟩">
    <time>⟨time⟩</time>
    <actor user="⟨first⟩.⟨last⟩" ip="⟨ip⟩"/>
    <action>⟨v⟩</action>
    <target kind="⟨t⟩" ref="⟨uuid⟩"/>
    <result code="⟨status⟩">⟨errmsg⟩</result>
  </event>
`,
	`  <!-- ⟨nn⟩ items skipped: missing price (see ticket #⟨nn⟩) -->
  <category code="C⟨n⟩" parent="C⟨n⟩">
    <title>⟨Noun⟩ &gt; ⟨Thing⟩s</title>
    <rule match="name" op="contains" value="&quot;⟨adj⟩&quot;"/>
    <rule match="price" op="lt" value="⟨nn⟩"/>
  </category>
`,
	`  <config name="⟨noun⟩" env="production">
    <entry key="timeout" unit="ms">⟨nn⟩</entry>
    <entry key="endpoint">https://⟨host⟩:⟨port⟩⟨path⟩?retry=⟨n⟩&amp;verbose=false</entry>
    <entry key="motd"><![CDATA[Maintenance on ⟨date⟩ — expect <5 min> of downtime.]]></entry>
    <entry key="enabled">true</entry>
  </config>
`,
}
