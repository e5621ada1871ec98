package installtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
)

const namespace, providerType = "seed762a2f0c", "ardoq"

// signingKey is a throwaway OpenPGP key standing in for the release key.
type signingKey struct {
	entity *openpgp.Entity
	armor  string // the public key, ASCII-armored
}

func newSigningKey(t *testing.T) signingKey {
	t.Helper()
	e, err := openpgp.NewEntity("installtest", "throwaway", "installtest@example.com", nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := armor.Encode(&buf, openpgp.PublicKeyType, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Serialize(w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return signingKey{entity: e, armor: buf.String()}
}

// sign returns a binary detached signature, what gpg --detach-sign writes and what both CLIs read.
func (k signingKey) sign(t *testing.T, doc []byte) []byte {
	t.Helper()
	var sig bytes.Buffer
	if err := openpgp.DetachSign(&sig, k.entity, bytes.NewReader(doc), nil); err != nil {
		t.Fatal(err)
	}
	return sig.Bytes()
}

// registry serves the provider registry protocol for one version of seed762a2f0c/ardoq: service discovery,
// the versions list, the download metadata per platform, and the files (zips, SHA256SUMS, signature).
type registry struct {
	rel   *release
	files map[string][]byte // what it serves under /files/, by name
	key   signingKey
}

// start serves the registry over HTTPS on loopback with a certificate for localhost, and returns the host
// ("localhost:port") and the certificate as PEM, for SSL_CERT_FILE.
func (reg *registry) start(t *testing.T) (host, certFile string) {
	t.Helper()
	cert, pemBytes := selfSignedCert(t)
	certFile = filepath.Join(t.TempDir(), "localhost.pem")
	if err := os.WriteFile(certFile, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	base := "/v1/providers/" + namespace + "/" + providerType
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/terraform.json", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]string{"providers.v1": "/v1/providers/"})
	})
	mux.HandleFunc("GET "+base+"/versions", func(w http.ResponseWriter, _ *http.Request) {
		var platforms []map[string]string
		for platform := range reg.rel.zips {
			os, arch, _ := strings.Cut(platform, "_")
			platforms = append(platforms, map[string]string{"os": os, "arch": arch})
		}
		writeJSON(w, map[string]any{"versions": []any{map[string]any{
			"version": reg.rel.version, "protocols": reg.rel.protocols, "platforms": platforms,
		}}})
	})
	mux.HandleFunc("GET "+base+"/{version}/download/{os}/{arch}", func(w http.ResponseWriter, r *http.Request) {
		goos, arch := r.PathValue("os"), r.PathValue("arch")
		name, ok := reg.rel.zips[goos+"_"+arch]
		if r.PathValue("version") != reg.rel.version || !ok {
			http.NotFound(w, r)
			return
		}
		files := "https://" + r.Host + "/files/"
		writeJSON(w, map[string]any{
			"protocols":             reg.rel.protocols,
			"os":                    goos,
			"arch":                  arch,
			"filename":              name,
			"download_url":          files + name,
			"shasums_url":           files + reg.rel.sumsName,
			"shasums_signature_url": files + reg.rel.sumsName + ".sig",
			"shasum":                sha256Hex(reg.files[name]),
			"signing_keys": map[string]any{"gpg_public_keys": []any{map[string]string{
				"key_id":      reg.key.entity.PrimaryKey.KeyIdString(),
				"ascii_armor": reg.key.armor,
			}}},
		})
	})
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		data, ok := reg.files[r.PathValue("name")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(data)
	})
	srv := httptest.NewUnstartedServer(mux)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return "localhost:" + srv.URL[strings.LastIndex(srv.URL, ":")+1:], certFile
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// selfSignedCert makes a certificate for localhost and the loopback addresses, its own root.
func selfSignedCert(t *testing.T) (tls.Certificate, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "localhost"},
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
