// Package emulator is an in-memory stand-in for an Ardoq organisation's REST API v2: an http.Handler
// serving the 22 operations of Ardoq's OpenAPI document under /api/v2, with the statuses and bodies that
// document specifies. The provider's acceptance tests, `make demo` and users' own pipelines run against
// it; internal/cmd/ardoq-emulator serves it on its own.
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
// What it decides where Ardoq is silent (see ../shared/api/FACTS.md, "Open questions"):
//   - Errors are JSON {"message", "status", "code"}; the message names the offending field or, in a
//     batch, the operation ("components.update[3]: version mismatch: ..."). Validation failures are 400,
//     unknown ids 404, an ifVersionMatch that differs from the stored _version 409.
//   - Auth: a missing or empty User-Agent is 403 (as Ardoq documents); a missing or wrong bearer token 401;
//     a missing X-org 401 (unless WithOrgOptional); an X-org naming another org 403, because the token is
//     valid but grants nothing there.
//   - _version starts at 1 and grows by one on every write, including matched upserts and no-op updates.
//     PATCH customFields merge per key and null clears a key. Unset optional fields are null; unset
//     custom fields are left out of customFields.
//   - Deleting a component deletes its descendants and every reference touching a deleted component. Batch
//     "deleted" lists only the entities an operation named or matched.
//   - Batch order: aliases (resolved against the state before the batch), component creates and upserts
//     (parents given as batchIds first), component updates, reference creates and upserts, reference
//     updates, reference deletes, component deletes. batchIds are unique across the request. Upserts never
//     match entities created in the same batch, and update a match as ifVersionMatch "latest" would. A
//     delete of an entity already removed by an earlier cascade in the same batch succeeds.
//   - A batch holds at most 1000 operations by default (WithMaxBatchOperations).
//   - Unknown query parameters and unknown body fields are 400, so a misspelt filter never silently
//     matches everything.
//   - componentKey is <workspaceKey>-<n>, n increasing per workspace and never reused. OIDs are 24 hex
//     characters, ObjectId-like by default and a plain counter with WithDeterministicIDs.
//
// Test controls are Go methods: SeedComponent, SeedReference, MutateComponent, MutateReference, Remove,
// FailNext and Inject (faults), SetLatency, SetRateLimit (429 with Retry-After) and Requests (the request
// log). A Fault answers instead of the API (nothing is executed) or, with AfterActing, after it (the org
// changes and only the answer is lost). Its answer is an error status with a JSON or raw (HTML) body and
// maybe Retry-After, a TCP reset (Reset), the real answer cut off halfway through its body (Truncate), or
// any of these after a delay the client may give up during (Hold).
package emulator
