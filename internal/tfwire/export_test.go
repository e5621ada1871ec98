package tfwire

// ItemCount is how many distinct items the values decoded so far hold.
func (m *Values) ItemCount() int { return len(m.items) }
