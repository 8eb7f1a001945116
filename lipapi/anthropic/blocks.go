package anthropic

import (
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// contentBlock decodes a block that is content of a message: text (of kind
// k), image and document blocks with a base64, url or file source; any
// other block, or one of another shape, becomes an extension part.
func contentBlock(path string, o *wire.Object, typ string, k lipapi.ContentPartKind) (lipapi.ContentPart, wire.Part, error) {
	var px wire.Part
	var p lipapi.ContentPart
	switch typ {
	case "text":
		p = wire.TextOf(o, k)
	case "image", "document":
		if src, ok := wire.ObjectOf(o.Get("source")); ok {
			p, px.Shape = sourcePart(&src, typ)
			if p.Kind != "" {
				o.Use("source")
				px.Inner = src.Rest()
			}
		}
	}
	return api.PartDone(path, o, typ, p, px)
}

// sourcePart maps the source of an image or document block: base64 data
// becomes an inline file with its media type; a URL an image reference
// (image) or a file reference (document); a file_id a reference of the
// same kind. Other sources map to nothing.
func sourcePart(src *wire.Object, typ string) (lipapi.ContentPart, wire.Shape) {
	kind := lipapi.ContentPartFileRef
	if typ == "image" {
		kind = lipapi.ContentPartImageRef
	}
	st, _ := src.Str("type")
	var ref string
	var shape wire.Shape
	switch st {
	case "base64":
		mime, ok1 := src.Str("media_type")
		data, ok2 := src.Str("data")
		if !ok1 || !ok2 || data == "" {
			return lipapi.ContentPart{}, 0
		}
		src.Use("type", "media_type", "data")
		return lipapi.ContentPart{Kind: lipapi.ContentPartFileRef, FileData: data, FileMIME: mime}, 0
	case "url":
		ref, _ = src.Str("url")
		src.Use("url")
		shape = urlRef
	case "file":
		ref, _ = src.Str("file_id")
		src.Use("file_id")
		shape = fileIDRef
	}
	if ref == "" {
		src.Unuse("url")
		src.Unuse("file_id")
		return lipapi.ContentPart{}, 0
	}
	src.Use("type")
	if kind == lipapi.ContentPartImageRef {
		return lipapi.ContentPart{Kind: kind, ImageRef: ref}, shape
	}
	return lipapi.ContentPart{Kind: kind, FileRef: ref}, shape
}

// writeBlock writes content part p as a block of a message; px is its
// extras, or nil.
func (e encoder) writeBlock(path string, p *lipapi.ContentPart, px *wire.Part) {
	w := &e.W
	switch {
	case p.Kind == lipapi.ContentPartText || p.Kind == lipapi.ContentPartToolResult:
		e.textBlock(px, p.Text)
	case wire.IsEmpty(p) && px != nil && px.Type == "text":
		e.textBlock(px, "")
	case p.Kind == lipapi.ContentPartImageRef:
		e.sourceBlock(px, "image", p, refSource(px, p.ImageRef))
	case p.Kind == lipapi.ContentPartFileRef:
		e.fileBlock(px, p)
	case p.Kind == lipapi.ContentPartExtension:
		e.ExtensionPart(w, p.Extension, path)
	default:
		e.Fail(api.Cannot(path, "Messages has no block for this content part"))
	}
}

// textBlock writes a text block.
func (e encoder) textBlock(px *wire.Part, text string) {
	e.W.Object(wire.PartRest(px), []string{"type", "text"}, func(name string) {
		if name == "type" {
			e.W.Field("type", "text")
		} else {
			e.W.Field("text", text)
		}
	})
}

// refSource returns the source type of a reference: the one the body had,
// else "url" for an http(s) URL and "file" for anything else.
func refSource(px *wire.Part, ref string) string {
	switch {
	case px != nil && px.Shape&fileIDRef != 0:
		return "file"
	case px != nil && px.Shape&urlRef != 0,
		strings.HasPrefix(ref, "https://"), strings.HasPrefix(ref, "http://"):
		return "url"
	}
	return "file"
}

// fileBlock writes a file part as an image (inline data of an image media
// type) or a document block.
func (e encoder) fileBlock(px *wire.Part, p *lipapi.ContentPart) {
	typ := "document"
	if px != nil {
		typ = px.Type
	} else if p.FileData != "" && strings.HasPrefix(p.FileMIME, "image/") {
		typ = "image"
	}
	src := "base64"
	if p.FileData == "" {
		src = refSource(px, p.FileRef)
	}
	e.sourceBlock(px, typ, p, src)
}

// sourceBlock writes an image or document block whose source is of type
// src (base64, url or file).
func (e encoder) sourceBlock(px *wire.Part, typ string, p *lipapi.ContentPart, src string) {
	w := &e.W
	ref := p.ImageRef
	if p.Kind == lipapi.ContentPartFileRef {
		ref = p.FileRef
	}
	known := map[string][]string{"base64": {"type", "media_type", "data"}, "url": {"type", "url"}, "file": {"type", "file_id"}}[src]
	w.Object(wire.PartRest(px), []string{"type", "source"}, func(name string) {
		if name == "type" {
			w.Field("type", typ)
			return
		}
		w.Key("source")
		w.Object(wire.PartInner(px), known, func(name string) {
			switch name {
			case "type":
				w.Field("type", src)
			case "media_type":
				w.Field("media_type", p.FileMIME)
			case "data":
				w.Field("data", p.FileData)
			case "url":
				w.Field("url", ref)
			case "file_id":
				w.Field("file_id", ref)
			}
		})
	})
}
