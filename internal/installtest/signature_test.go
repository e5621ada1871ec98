package installtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp"
)

// verifySignature checks a detached signature of doc against an ASCII-armored public key.
func verifySignature(doc, sig []byte, armoredKey string) error {
	keyring, err := openpgp.ReadArmoredKeyRing(strings.NewReader(armoredKey))
	if err != nil {
		return err
	}
	_, err = openpgp.CheckDetachedSignature(keyring, bytes.NewReader(doc), bytes.NewReader(sig), nil)
	return err
}

// A release signed with the project's key (make release-snapshot with GPG_FINGERPRINT, or the release
// workflow) carries a _SHA256SUMS.sig that must verify against that key's public half, named by
// ARDOQ_RELEASE_GPG_PUBLIC_KEY (an ASCII-armored file: gpg --armor --export <fingerprint>). The install
// tests sign with a throwaway key of their own, so this is the one check of the real signature.
func TestRelease_signature(t *testing.T) {
	dir := distDir(t)
	rel := readRelease(t, dir)
	sig, err := os.ReadFile(filepath.Join(dir, rel.sumsName+".sig"))
	keyFile := os.Getenv("ARDOQ_RELEASE_GPG_PUBLIC_KEY")
	switch {
	case os.IsNotExist(err) && keyFile == "":
		t.Skip("the release is unsigned (no GPG_FINGERPRINT when it was built) and no ARDOQ_RELEASE_GPG_PUBLIC_KEY is given")
	case os.IsNotExist(err):
		t.Fatalf("ARDOQ_RELEASE_GPG_PUBLIC_KEY is set but the release has no %s.sig: build it with GPG_FINGERPRINT set", rel.sumsName)
	case err != nil:
		t.Fatal(err)
	case keyFile == "":
		t.Fatalf("the release has %s.sig: set ARDOQ_RELEASE_GPG_PUBLIC_KEY to the armored public key it must verify against", rel.sumsName)
	}
	key, err := os.ReadFile(keyFile)
	if err != nil {
		t.Fatalf("ARDOQ_RELEASE_GPG_PUBLIC_KEY: %v", err)
	}
	if err := verifySignature(rel.files[rel.sumsName], sig, string(key)); err != nil {
		t.Fatalf("%s.sig does not verify against %s: %v", rel.sumsName, keyFile, err)
	}
}

// verifySignature accepts the signature of the document by the key, and refuses another document, another
// key's signature and a key that is not one.
func TestVerifySignature(t *testing.T) {
	key, other := newSigningKey(t), newSigningKey(t)
	doc := []byte("0123  terraform-provider-ardoq_1.0.0_linux_amd64.zip\n")
	if err := verifySignature(doc, key.sign(t, doc), key.armor); err != nil {
		t.Errorf("a good signature: %v", err)
	}
	if err := verifySignature([]byte("tampered"), key.sign(t, doc), key.armor); err == nil {
		t.Error("a signature of another document verified")
	}
	if err := verifySignature(doc, other.sign(t, doc), key.armor); err == nil {
		t.Error("another key's signature verified")
	}
	if err := verifySignature(doc, key.sign(t, doc), "not a key"); err == nil {
		t.Error("a key that is not one verified")
	}
}
