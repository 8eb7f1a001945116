package corpus

import (
	"fmt"
	"runtime"
	"strings"
)

// Allocated returns the bytes f allocates in one call: the least of three
// calls, each after a garbage collection, so that a collection running
// during one call does not inflate the figure.
func Allocated(f func()) uint64 {
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// HostileJSON returns JSON documents of about size bytes of each shape the
// memory bounds of the module are pinned on, by name: "flat-zeros", an
// array of zeros; "many-keys", one object with size/14 keys in no order;
// "deep", depth nested objects with unsorted members, every level holding
// its share of the bulk; "escaped-long", strings dense in escapes of every
// kind; "mixed", MixedJSON; and "raw-html-long", one string of '<', which
// the encoding/json style escapes to six bytes each.
func HostileJSON(size, depth int) map[string]string {
	var keys strings.Builder
	keys.WriteByte('{')
	n := size / 14
	for i := 0; i < n; i++ {
		if i > 0 {
			keys.WriteByte(',')
		}
		fmt.Fprintf(&keys, `"k%07d":%d`, (i*7919)%n, i%10)
	}
	keys.WriteByte('}')
	var esc strings.Builder
	esc.WriteByte('[')
	for esc.Len() < size {
		if esc.Len() > 1 {
			esc.WriteByte(',')
		}
		esc.WriteString(`"` + strings.Repeat(`\n\t\"\\\u00e9\u003c\ud83d\ude00\/a`, 2000) + `"`)
	}
	esc.WriteByte(']')
	pad := strings.Repeat("x", max(size/depth-20, 1))
	return map[string]string{
		"flat-zeros":    "[" + strings.Repeat("0,", size/2) + "0]",
		"many-keys":     keys.String(),
		"deep":          strings.Repeat(`{"b":"`+pad+`","a":`, depth) + "1" + strings.Repeat("}", depth),
		"escaped-long":  esc.String(),
		"mixed":         MixedJSON(size),
		"raw-html-long": `["` + strings.Repeat("<", size) + `"]`,
	}
}

// MixedJSON returns a JSON document of about size bytes that holds a bit
// of everything, repeated: unsorted members, nesting, integers, fractions,
// exponents, negative zero, 20-digit integers, literals, empty arrays and
// strings with HTML, escapes, U+2028 and non-ASCII text.
func MixedJSON(size int) string {
	var b strings.Builder
	b.WriteString(`{"zeta":"start","items":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"item %d <b>&amp;</b> é中😀","id":%d,"score":%d.%02d,"exp":%de-%d,`+
			`"neg":-%d,"big":1844674407370955161%d,"flag":%t,"none":null,`+
			`"nested":{"y":[%d,2.50,1E+2,-0],"x":"tab\tquote\"slash\\/ \u2028","a":{"c":"\u00e9\ud83d\ude00","b":[]}},`+
			`"tags":["alpha","beta","gamma"],"text":"The quick brown fox jumps over the lazy dog %d times."}`,
			i, i, i%100, i%97, i%10+1, i%9+1, i, i%10, i%2 == 0, i, i)
	}
	b.WriteString(`],"alpha":{"k2":2,"k1":1}}`)
	return b.String()
}
