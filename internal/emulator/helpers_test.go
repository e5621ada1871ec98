package emulator_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

const (
	wsApps  = "5eed0000000000000000b001"
	wsInfra = "5eed0000000000000000b002"
	wsCaps  = "5eed0000000000000000b003"
	tApp    = "p1700000000001"
	tModule = "p1700000000002"
	tServer = "p1700000000003"
	tCap    = "p1700000000101"
)

type apiClient struct {
	t   *testing.T
	srv *openapitest.TestServer
}

func start(t *testing.T, opts ...emulator.Option) *apiClient {
	t.Helper()
	return &apiClient{t: t, srv: openapitest.StartServerCheck(t, opts...)}
}

type reply struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

func (c *apiClient) do(method, path string, body any, headers ...string) reply {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.srv.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.srv.Token())
	req.Header.Set("X-org", c.srv.OrgLabel())
	req.Header.Set("User-Agent", "emulator-test")
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" && headers[i] == "User-Agent" {
			req.Header.Set("User-Agent", "") // net/http sends none when set empty
		} else if headers[i+1] == "" {
			req.Header.Del(headers[i])
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := reply{status: resp.StatusCode, header: resp.Header, raw: raw}
	if len(raw) > 0 && raw[0] == '{' {
		_ = json.Unmarshal(raw, &out.body)
	}
	return out
}

func (c *apiClient) must(status int, r reply) reply {
	c.t.Helper()
	if r.status != status {
		c.t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	return r
}

func (c *apiClient) createComponent(body map[string]any) map[string]any {
	c.t.Helper()
	return c.must(201, c.do("POST", "/api/v2/components", body)).body
}

func (c *apiClient) app(name string, extra ...any) map[string]any {
	c.t.Helper()
	body := map[string]any{"name": name, "rootWorkspace": wsApps, "typeId": tApp}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return c.createComponent(body)
}

func errMessage(r reply) string {
	m, _ := r.body["message"].(string)
	return m
}

// startUnchecked serves an emulator without the contract check, for requests the document does not
// describe but Ardoq accepts (undeclared query parameters): the check would fail the test on them.
func startUnchecked(t *testing.T, opts ...emulator.Option) *apiClient {
	t.Helper()
	srv, err := emulator.New(append([]emulator.Option{emulator.WithDeterministicIDs()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return &apiClient{t: t, srv: &openapitest.TestServer{Server: srv, URL: hs.URL}}
}
