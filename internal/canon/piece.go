package canon

// PieceLen returns how many leading bytes of s to process next when s is
// processed a piece of about n bytes at a time (n at least 4): all of s
// when it has at most n bytes, otherwise n bytes or up to three fewer, cut
// where no valid UTF-8 sequence is split. Escaping or validating s piece by
// piece at such cuts gives exactly the result of doing it whole: a cut
// never changes how the bytes decode. It is the cut Digest's streaming
// writers make.
func PieceLen[T ~string | ~[]byte](s T, n int) int { return pieceEnd(s, n) }
