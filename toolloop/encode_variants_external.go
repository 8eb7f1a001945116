package toolloop

// This file writes the four externally tagged enums (§4.3 of the
// specification): a unit variant as its bare name, a newtype or struct
// variant as a one-member object named after the variant (one member needs
// no sorting: both forms are the same).

// wrapped writes the one-member object {"name":…} whose value w writes; a
// failure's path gets the variant name.
func (e *encoder) wrapped(name string, w func() *pathError) *pathError {
	e.lit(`{"`)
	e.lit(name)
	e.lit(`":`)
	if err := w(); err != nil {
		return err.in(name)
	}
	e.byte('}')
	return nil
}

// newtype writes the one-member object {"name":"s"} of a newtype variant
// over a string.
func (e *encoder) newtype(name, s string) *pathError {
	return e.wrapped(name, func() *pathError { return e.str(s) })
}

func (e *encoder) turnOutput(o TurnOutput) *pathError {
	switch v := o.(type) {
	case TurnOutputToolCalls:
		return e.wrapped("ToolCalls", func() *pathError {
			return e.array(len(v), func(j int) *pathError { return e.providerToolCall(&v[j]) })
		})
	case TurnOutputText:
		return e.newtype("Text", string(v))
	case *TurnOutputToolCalls:
		if v != nil {
			return e.turnOutput(*v)
		}
	case *TurnOutputText:
		if v != nil {
			return e.turnOutput(*v)
		}
	}
	return nilVariant("TurnOutput")
}

func (e *encoder) modelFamily(f ModelFamily) *pathError {
	switch v := f.(type) {
	case ModelFamilyKnown:
		return writeEnum(e, v)
	case ModelFamilyOther:
		return e.newtype("other", string(v))
	case *ModelFamilyKnown:
		if v != nil {
			return e.modelFamily(*v)
		}
	case *ModelFamilyOther:
		if v != nil {
			return e.modelFamily(*v)
		}
	}
	return nilVariant("ModelFamily")
}

func (e *encoder) overrideOrigin(o OverrideOrigin) *pathError {
	switch v := o.(type) {
	case OverrideOriginBase:
		e.lit(`"base"`)
		return nil
	case OverrideOriginFamily:
		return e.newtype("family", string(v))
	case OverrideOriginExactModel:
		return e.newtype("exact_model", string(v))
	case *OverrideOriginBase:
		if v != nil {
			return e.overrideOrigin(*v)
		}
	case *OverrideOriginFamily:
		if v != nil {
			return e.overrideOrigin(*v)
		}
	case *OverrideOriginExactModel:
		if v != nil {
			return e.overrideOrigin(*v)
		}
	}
	return nilVariant("OverrideOrigin")
}

func (e *encoder) stateDependency(d StateDependency) *pathError {
	switch v := d.(type) {
	case StateDependencySessionInvariant:
		e.lit(`"session_invariant"`)
		return nil
	case StateDependencyAcceptedRoot:
		return e.newtype("accepted_root", string(v))
	case StateDependencyPartialCheckpointRoot:
		return e.newtype("partial_checkpoint_root", string(v))
	case StateDependencyPathBlob:
		return e.wrapped("path_blob", func() *pathError {
			return e.stringObject(pathBlobFields, v.Path, v.BlobHash)
		})
	case *StateDependencySessionInvariant:
		if v != nil {
			return e.stateDependency(*v)
		}
	case *StateDependencyAcceptedRoot:
		if v != nil {
			return e.stateDependency(*v)
		}
	case *StateDependencyPartialCheckpointRoot:
		if v != nil {
			return e.stateDependency(*v)
		}
	case *StateDependencyPathBlob:
		if v != nil {
			return e.stateDependency(*v)
		}
	}
	return nilVariant("StateDependency")
}
