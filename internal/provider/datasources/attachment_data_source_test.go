package datasources_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestAccAttachmentsDataSource_filters_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	all := env.RequireAttachments(t)
	env.Parallel(t)
	ctx := context.Background()
	t.Run("all and by filename", func(t *testing.T) {
		named, err := env.Client.ListAttachments(ctx, client.AttachmentFilter{Filename: all[0].Filename})
		if err != nil {
			t.Fatal(err)
		}
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: env.Config(fmt.Sprintf("data \"ardoq_attachments\" \"all\" {}\ndata \"ardoq_attachments\" \"named\" { filename = %q }\n", all[0].Filename)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_attachments.all", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(all))),
					statecheck.ExpectKnownValue("data.ardoq_attachments.named", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(named))),
				},
			}},
		})
	})
	t.Run("by folder", func(t *testing.T) {
		i := slices.IndexFunc(all, func(a client.Attachment) bool { return a.Folder != nil })
		if i < 0 {
			t.Skip("no attachment of the org is in a folder")
		}
		inFolder, err := env.Client.ListAttachments(ctx, client.AttachmentFilter{Folder: *all[i].Folder})
		if err != nil {
			t.Fatal(err)
		}
		env.ParallelTest(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{
				Config: env.Config(fmt.Sprintf("data \"ardoq_attachments\" \"folder\" { folder = %q }\n", *all[i].Folder)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ardoq_attachments.folder", tfjsonpath.New("attachments"), knownvalue.ListSizeExact(len(inFolder))),
				},
			}},
		})
	})
}

func TestAccAttachmentDataSource_byID_everyOrg(t *testing.T) {
	env := newTestEnv(t)
	a := env.RequireAttachments(t)[0]
	const addr = "data.ardoq_attachment.one"
	env.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf("data \"ardoq_attachment\" \"one\" { id = %q }", a.ID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("filename"), knownvalue.StringExact(a.Filename)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("folder"), knownStringOrNull(a.Folder)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_type"), knownvalue.StringExact(a.Resource.Type)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_id"), knownvalue.StringExact(a.Resource.ID)),
			},
		}},
	})
}
