package wire

import "strings"

// ParseDataURL splits a data URL of the form "data:<mime>;base64,<data>"
// into its media type and its data. It reports false for any other string,
// including data URLs with parameters or without base64, and for a media
// type that is empty or holds ';' or ',', and for empty data.
func ParseDataURL(s string) (mime, data string, ok bool) {
	rest, found := strings.CutPrefix(s, "data:")
	if !found {
		return "", "", false
	}
	mime, data, found = strings.Cut(rest, ";base64,")
	if !found || mime == "" || data == "" || strings.ContainsAny(mime, ";,") {
		return "", "", false
	}
	return mime, data, true
}

// DataURL returns "data:<mime>;base64,<data>", the inverse of ParseDataURL.
func DataURL(mime, data string) string {
	return "data:" + mime + ";base64," + data
}
