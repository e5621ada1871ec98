// Package emulator is an in-memory stand-in for an Ardoq organisation's REST API v2: an http.Handler
// serving the 22 operations of Ardoq's OpenAPI document (internal/openapitest/openapi.json) under
// /api/v2, with the statuses and bodies that document specifies. The provider's acceptance tests,
// `make demo` and users' own pipelines run against it; internal/cmd/ardoq-emulator serves it on its own,
// and internal/openapitest serves it to tests with every exchange checked against the document.
//
// What it emulates:
//   - Components and references: create (201), read, update (PATCH with ifVersionMatch), delete (204),
//     lists with every documented filter AND-combined, including customFields.<apiKey>=<value> interpreted
//     by the field's type. Lists page through absolute _links.next.href URLs (page size configurable,
//     default 100); the last page has empty _links.
//   - Workspaces with their context (component types, reference types, custom fields, tags),
//     attachments and report definitions, all read-only and loaded from a seed. Report runs are computed
//     from the live model: every component of the report's type, one column per field.
//   - POST /batch as one transaction (applied to a copy of the store, swapped in on success) and
//     POST /batch/expand, which validates the same way, executes nothing and returns the request with
//     aliases replaced by ids and match deletes by id deletes.
//
// Where Ardoq's documentation is silent the emulator decides, and README.md in this directory records
// every decision: the error body and messages, the order of auth checks, versions, delete cascades,
// batch order (which of these are Ardoq's facts and which decisions: FACTS.md §errors, §versions,
// §cascade and §batch, at the repository's root). Where production clients rely on the live API accepting more than the document says, it
// is lenient as Ardoq is: unknown query parameters are ignored, a reference update may carry the type
// the reference has, X-org is optional on a custom domain (WithOrgOptional), and a batch has no size
// limit unless WithMaxBatchOperations sets one (413 above it).
//
// Test controls are Go methods: SeedComponent, SeedReference, MutateComponent, Remove,
// FailNext, Inject and ClearFaults (faults), SetLatency, SetRateLimit (429 with Retry-After) and
// Requests (the request log, bounded by WithRequestLog). A Fault answers instead of the API (nothing is
// executed) or, with AfterActing, after it (the org changes and only the answer is lost). Its answer is
// an error status with a JSON or raw (HTML) body and maybe Retry-After, a TCP reset (Reset), the real
// answer cut off halfway through its body (Truncate), or any of these after a delay the client may give
// up during (Hold). A request received whole is served to its end even when its client has gone, as a
// real server does: latency and a Hold without Status or Reset delay the change and its answer, never prevent the change.
package emulator
