package providertest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// ErrorCase is a resource block Terraform should refuse to plan, and what it should say.
type ErrorCase struct {
	Name     string           // the subtest's name; the block's name is made from it
	Resource string           // the resource type, such as ardoq_component
	Body     string           // the block's attributes, with {ws} style placeholders
	Want     []*regexp.Regexp // each matched on its own against the errors at the block (ExpectErr)
	Skip     string           // why the org cannot have this case; the block is left out
}

// ExpectPlanErrors plans the cases' blocks together in one configuration, the provider served by the
// test process, and checks each case in a subtest of its name: the errors printed at its block match
// every pattern of its Want. A case is its own block, so its errors are told apart by the address
// Terraform prints with them. Terraform reports the errors of every block of a stage together, but
// stops before planning when a block fails validation: the blocks without an error yet are planned
// again, until each has its errors (two plans instead of a test case each). A plan that succeeds, or
// that prints an error at no case's block, fails the test, as does a change to the emulator's org.
func ExpectPlanErrors(t *testing.T, env *Env, factory ProviderFactory, cases []ErrorCase) {
	t.Helper()
	run := NewServedCLIRun(t, env, "1.5.0", factory)
	addrs, named := map[string]string{}, map[string]string{}
	var left []ErrorCase
	for _, c := range cases {
		if c.Skip != "" {
			continue
		}
		addr := c.Resource + "." + blockName(c.Name)
		if len(c.Want) == 0 {
			t.Fatalf("case %q has no pattern to match", c.Name)
		}
		if other, ok := named[addr]; ok {
			t.Fatalf("cases %q and %q make the same block, %s: rename one", other, c.Name, addr)
		}
		addrs[c.Name], named[addr] = addr, c.Name
		left = append(left, c)
	}
	before := CountsOf(env)
	found := map[string][]string{} // the errors printed at each address
	for len(left) > 0 {
		hcl := env.ServedProvider()
		planned := map[string]bool{}
		for _, c := range left {
			hcl += fmt.Sprintf("resource %q %q {\n%s\n}\n", c.Resource, blockName(c.Name), c.Body)
			planned[addrs[c.Name]] = true
		}
		run.Write("main.tf", env.Render(hcl))
		out, code := run.Run("plan")
		if code == 0 {
			t.Fatalf("the plan of %d blocks Terraform should refuse succeeded:\n%s", len(left), out)
		}
		for _, e := range ErrorBlocks(out) {
			if !planned[e.Addr] {
				t.Fatalf("the plan printed an error at no planned block (%q):\n%s", e.Addr, out)
			}
			found[e.Addr] = append(found[e.Addr], e.Text)
		}
		var next []ErrorCase
		for _, c := range left {
			if len(found[addrs[c.Name]]) == 0 {
				next = append(next, c)
			}
		}
		if len(next) == len(left) {
			t.Fatalf("the plan failed with no error at any of its %d blocks:\n%s", len(left), out)
		}
		left = next
	}
	if after := CountsOf(env); after != before { // a plan writes nothing
		t.Fatalf("the refused plans changed the org: %d components and %d references, %d and %d before", after[0], after[1], before[0], before[1])
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if c.Skip != "" {
				t.Skip(c.Skip)
			}
			said := strings.Join(found[addrs[c.Name]], "\n")
			for _, want := range c.Want {
				if !want.MatchString(said) {
					t.Errorf("the errors at %s do not match %s:\n%s", addrs[c.Name], want, said)
				}
			}
		})
	}
}

// blockName makes a resource name of a case's name.
func blockName(name string) string {
	return "case_" + strings.Trim(nonName.ReplaceAllString(strings.ToLower(name), "_"), "_")
}

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// CLIError is an error block of the CLI's output, with the address of the resource it names ("with
// ADDR,"), or none.
type CLIError struct{ Addr, Text string }

// ErrorBlocks splits the CLI's output into its error blocks, each up to the next error or warning.
func ErrorBlocks(out string) []CLIError {
	var errs []CLIError
	for _, block := range strings.Split(out, "\nError: ")[1:] {
		block, _, _ = strings.Cut(block, "\nWarning: ")
		e := CLIError{Text: "Error: " + block}
		if m := errorAddress.FindStringSubmatch(block); m != nil {
			e.Addr = m[1]
		}
		errs = append(errs, e)
	}
	return errs
}

var errorAddress = regexp.MustCompile(`with (ardoq_\w+\.\w+),`)
