package tfwire

// ItemCount is how many distinct items the values decoded so far hold.
func (m *Values) ItemCount() int {
	n := 0
	for _, items := range m.items {
		n += len(items)
	}
	return n
}

var (
	// ErrNullInType is the error for a null in a type's JSON that tftypes reads as none.
	ErrNullInType = errNullInType
	// ErrBeyondInput is the error for a length beyond the input's end, which tftypes allocates first.
	ErrBeyondInput = errBeyondInput
)
