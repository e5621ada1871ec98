variable "workspace" {
  description = "Workspace to list."
  type        = string
  default     = "Business Capabilities"
}

data "ardoq_workspace" "caps" {
  name = var.workspace
}

data "ardoq_references" "in_caps" {
  root_workspace = data.ardoq_workspace.caps.id
}

output "reference_count" {
  value = length(data.ardoq_references.in_caps.ids)
}
