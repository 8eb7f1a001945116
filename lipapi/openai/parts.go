package openai

import (
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// imagePart returns the part an image URL becomes: an inline file when it
// is a base64 data URL (an image reference is bounded to
// lipapi.MaxRefStringBytes), else an image reference.
func imagePart(url string) lipapi.ContentPart {
	if mime, data, ok := wire.ParseDataURL(url); ok {
		return lipapi.ContentPart{Kind: lipapi.ContentPartFileRef, FileData: data, FileMIME: mime}
	}
	return lipapi.ContentPart{Kind: lipapi.ContentPartImageRef, ImageRef: url}
}

// refusalOf returns the part a refusal part o becomes: a refusal holding
// its refusal member when that is a non-empty string, else the zero part
// (o does not map).
func refusalOf(o *wire.Object) lipapi.ContentPart {
	if s, ok := o.Take("refusal"); ok && s != "" {
		return lipapi.ContentPart{Kind: lipapi.ContentPartRefusal, Refusal: s}
	}
	return lipapi.ContentPart{}
}

// imageURL returns the URL of an image part: its reference, or its inline
// data as a data URL.
func imageURL(p *lipapi.ContentPart) string {
	if p.Kind == lipapi.ContentPartImageRef {
		return p.ImageRef
	}
	return wire.DataURL(p.FileMIME, p.FileData)
}

// fileData returns the file_data text of a file part: a data URL when the
// part has a media type, else its data as it is.
func fileData(p *lipapi.ContentPart) string {
	if p.FileMIME != "" {
		return wire.DataURL(p.FileMIME, p.FileData)
	}
	return p.FileData
}

// setFileData sets the inline data of p from a file_data text, split
// into media type and data when it is a base64 data URL.
func setFileData(p *lipapi.ContentPart, s string) {
	if mime, data, ok := wire.ParseDataURL(s); ok {
		p.FileMIME, p.FileData = mime, data
	} else {
		p.FileData = s
	}
}

// fileWireType returns the wire type a file part the extras do not know is
// written as: an image when it has an image media type, audio (Chat only)
// for an audio one, else a file.
func fileWireType(p *lipapi.ContentPart, image, audio, file string) string {
	switch {
	case p.FileData != "" && strings.HasPrefix(p.FileMIME, "image/"):
		return image
	case audio != "" && p.FileData != "" && strings.HasPrefix(p.FileMIME, "audio/"):
		return audio
	}
	return file
}
