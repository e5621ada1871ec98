# Terraform 1.14 and later, in a file ending in .tfquery.hcl: every reference whose source is in the
# workspace. With the components' list block, terraform query -generate-config-out adopts the workspace.
list "ardoq_reference" "capabilities" {
  provider         = ardoq
  include_resource = true
  limit            = 10000 # terraform query stops at 100 results per list block unless limit is set

  config {
    workspace_id = "5eed0000000000000000b003"
  }
}
