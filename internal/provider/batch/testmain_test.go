package batch_test

import (
	"os"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

func TestMain(m *testing.M) { os.Exit(providertest.RunTests(m)) }
