# Terraform 1.14 and later, in a file ending in .tfquery.hcl: every component and reference of the workspace.
#   terraform query -generate-config-out=generated.tf   writes an import and a resource block for each
list "ardoq_component" "all" {
  provider         = ardoq
  include_resource = true  # the generated resources need the attributes, not only the identities
  limit            = 10000 # terraform query stops at 100 results per list block unless limit is set

  config {
    workspace_id = "5eed0000000000000000b003"
  }
}

list "ardoq_reference" "all" {
  provider         = ardoq
  include_resource = true
  limit            = 10000

  config {
    workspace_id = "5eed0000000000000000b003"
  }
}
