package emulator

// index maps a key (a workspace id, a parent id, a custom field value...) to the set of entity ids with it,
// so filtered lists and batch matching never scan every entity.
type index map[string]map[string]struct{}

func (ix index) add(key, id string) {
	set, ok := ix[key]
	if !ok {
		set = make(map[string]struct{})
		ix[key] = set
	}
	set[id] = struct{}{}
}

func (ix index) remove(key, id string) {
	if set, ok := ix[key]; ok {
		delete(set, id)
		if len(set) == 0 {
			delete(ix, key)
		}
	}
}

func (ix index) clone() index {
	out := make(index, len(ix))
	for k, set := range ix {
		c := make(map[string]struct{}, len(set))
		for id := range set {
			c[id] = struct{}{}
		}
		out[k] = c
	}
	return out
}

// cfIndexKeys returns the index keys of a custom field value: one per element for multi-select lists.
func cfIndexKeys(apiKey string, v any) []string {
	if arr, ok := v.([]any); ok {
		keys := make([]string, 0, len(arr))
		for _, e := range arr {
			keys = append(keys, apiKey+"="+canon(e))
		}
		return keys
	}
	if v == nil {
		return nil
	}
	return []string{apiKey + "=" + canon(v)}
}
