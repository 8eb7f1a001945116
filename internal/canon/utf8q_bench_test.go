package canon

import (
	"crypto/sha256"
	"strings"
	"testing"
	"unicode/utf8"
)

var qTexts = map[string]string{
	"cjk":      strings.Repeat("日本語のテキストと中文字符，한국어 텍스트도。", 400),
	"accented": strings.Repeat("Le café où l'élève déjà révisé — naïve façon ", 400),
	"emoji":    strings.Repeat("👍🏽 hi 👨‍👩‍👧 ok ❤️ ", 400),
	"rtl":      strings.Repeat("مرحبا بالعالم שלום עולם ", 400),
	"ascii":    strings.Repeat("The quick brown fox jumps over the lazy dog. ", 400),
}

func BenchmarkQValid(b *testing.B) {
	for name, s := range qTexts {
		b.Run(name+"/ours", func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				if !ValidUTF8(s) {
					b.Fatal()
				}
			}
		})
		b.Run(name+"/std", func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				if !utf8.ValidString(s) {
					b.Fatal()
				}
			}
		})
		b.Run(name+"/sha", func(b *testing.B) {
			bb := []byte(s)
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				sha256.Sum256(bb)
			}
		})
	}
}
