package datasources_test

import "github.com/hashicorp/terraform-plugin-testing/knownvalue"

// Helpers of the data sources' tests, which are one file per data source (<type>_data_source_test.go).
// Each compares what the data source says with what the API says
// through the client, or with what the test made itself, so it holds against any org. The emulator
// pages by 2 in these tests, so every list spans several pages.

// knownStringOrNull is the check for an optional string attribute.
func knownStringOrNull(s *string) knownvalue.Check {
	if s == nil {
		return knownvalue.Null()
	}
	return knownvalue.StringExact(*s)
}

// knownStringsOrNull is the check for an optional list of strings.
func knownStringsOrNull(list []string) knownvalue.Check {
	if list == nil {
		return knownvalue.Null()
	}
	checks := make([]knownvalue.Check, 0, len(list))
	for _, s := range list {
		checks = append(checks, knownvalue.StringExact(s))
	}
	return knownvalue.ListExact(checks)
}
