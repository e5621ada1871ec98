terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

variable "name" {
  type = string
}

variable "workspace_id" {
  type = string
}

variable "parent" {
  type = string
}

variable "owner" {
  type = string
}

data "ardoq_component_type" "module" {
  workspace_id = var.workspace_id
  name         = "Application Module"
}

resource "ardoq_component" "this" {
  name           = var.name
  root_workspace = var.workspace_id
  type_id        = data.ardoq_component_type.module.type_id
  parent         = var.parent
  custom_fields  = { owner = var.owner }
}

output "id" {
  value = ardoq_component.this.id
}
