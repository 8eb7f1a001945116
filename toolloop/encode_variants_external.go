package toolloop

// This file writes the four externally tagged enums (§4.3 of the
// specification): a unit variant as its bare name, a newtype or struct
// variant as a one-member object named after the variant (one member needs
// no sorting: both forms are the same).

// open writes `{"name":`, the start of the one-member object of a newtype
// or struct variant; close adds the variant name to a failure's path, or
// writes the closing brace.
func (e *encoder) open(dst []byte, name string) []byte {
	return append(append(append(dst, `{"`...), name...), `":`...)
}

func (e *encoder) close(dst []byte, name string, err *pathError) ([]byte, *pathError) {
	if err != nil {
		return dst, err.in(name)
	}
	return append(dst, '}'), nil
}

// newtype writes the one-member object {"name":"s"} of a newtype variant
// over a string.
func (e *encoder) newtype(dst []byte, name, s string) ([]byte, *pathError) {
	dst, err := e.str(e.open(dst, name), s)
	return e.close(dst, name, err)
}

func (e *encoder) turnOutput(dst []byte, o TurnOutput) ([]byte, *pathError) {
	switch v := o.(type) {
	case TurnOutputToolCalls:
		dst, err := e.list(e.open(dst, "ToolCalls"), v, len(v))
		return e.close(dst, "ToolCalls", err)
	case TurnOutputText:
		return e.newtype(dst, "Text", string(v))
	case *TurnOutputToolCalls:
		if v != nil {
			return e.turnOutput(dst, *v)
		}
	case *TurnOutputText:
		if v != nil {
			return e.turnOutput(dst, *v)
		}
	default:
		if o != nil {
			return dst, foreignVariant("TurnOutput")
		}
	}
	return dst, nilVariant("TurnOutput")
}

func (e *encoder) modelFamily(dst []byte, f ModelFamily) ([]byte, *pathError) {
	switch v := f.(type) {
	case ModelFamilyKnown:
		return writeEnum(dst, v)
	case ModelFamilyOther:
		return e.newtype(dst, "other", string(v))
	case *ModelFamilyKnown:
		if v != nil {
			return e.modelFamily(dst, *v)
		}
	case *ModelFamilyOther:
		if v != nil {
			return e.modelFamily(dst, *v)
		}
	default:
		if f != nil {
			return dst, foreignVariant("ModelFamily")
		}
	}
	return dst, nilVariant("ModelFamily")
}

func (e *encoder) overrideOrigin(dst []byte, o OverrideOrigin) ([]byte, *pathError) {
	switch v := o.(type) {
	case OverrideOriginBase:
		return append(dst, `"base"`...), nil
	case OverrideOriginFamily:
		return e.newtype(dst, "family", string(v))
	case OverrideOriginExactModel:
		return e.newtype(dst, "exact_model", string(v))
	case *OverrideOriginBase:
		if v != nil {
			return e.overrideOrigin(dst, *v)
		}
	case *OverrideOriginFamily:
		if v != nil {
			return e.overrideOrigin(dst, *v)
		}
	case *OverrideOriginExactModel:
		if v != nil {
			return e.overrideOrigin(dst, *v)
		}
	default:
		if o != nil {
			return dst, foreignVariant("OverrideOrigin")
		}
	}
	return dst, nilVariant("OverrideOrigin")
}

func (e *encoder) stateDependency(dst []byte, d StateDependency) ([]byte, *pathError) {
	switch v := d.(type) {
	case StateDependencySessionInvariant:
		return append(dst, `"session_invariant"`...), nil
	case StateDependencyAcceptedRoot:
		return e.newtype(dst, "accepted_root", string(v))
	case StateDependencyPartialCheckpointRoot:
		return e.newtype(dst, "partial_checkpoint_root", string(v))
	case StateDependencyPathBlob:
		dst, err := e.flatObject(e.open(dst, "path_blob"), pathBlobFields, mstr(v.Path), mstr(v.BlobHash))
		return e.close(dst, "path_blob", err)
	case *StateDependencySessionInvariant:
		if v != nil {
			return e.stateDependency(dst, *v)
		}
	case *StateDependencyAcceptedRoot:
		if v != nil {
			return e.stateDependency(dst, *v)
		}
	case *StateDependencyPartialCheckpointRoot:
		if v != nil {
			return e.stateDependency(dst, *v)
		}
	case *StateDependencyPathBlob:
		if v != nil {
			return e.stateDependency(dst, *v)
		}
	default:
		if d != nil {
			return dst, foreignVariant("StateDependency")
		}
	}
	return dst, nilVariant("StateDependency")
}
