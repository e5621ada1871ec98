# Terraform 1.14 and later, in a file ending in .tfquery.hcl:
#   terraform query                                  lists the capabilities of the workspace
#   terraform query -generate-config-out=adopted.tf  writes an import and a resource block for each
list "ardoq_component" "capabilities" {
  provider         = ardoq
  include_resource = true  # -generate-config-out needs the attributes, not only the identities
  limit            = 10000 # terraform query stops at 100 results per list block unless limit is set

  config {
    workspace_id = "5eed0000000000000000b003"
    type_name    = "Capability"
  }
}
