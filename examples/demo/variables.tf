# Names in your org's model: the defaults are those of the emulator's org (make demo). Set them to run
# the demo against another org, e.g. terraform apply -var 'workspace=My sandbox'.
variable "workspace" {
  description = "Workspace of the applications, modules and databases."
  type        = string
  default     = "Applications"
}

variable "infrastructure_workspace" {
  description = "Workspace of the servers; it shares the first workspace's model."
  type        = string
  default     = "Infrastructure"
}

variable "application_type" {
  description = "Component type of applications."
  type        = string
  default     = "Application"
}

variable "module_type" {
  description = "Component type allowed below applications."
  type        = string
  default     = "Application Module"
}

variable "database_type" {
  description = "Component type of databases."
  type        = string
  default     = "Database"
}

variable "server_type" {
  description = "Component type of servers."
  type        = string
  default     = "Server"
}

variable "depends_on_type" {
  description = "Reference type from an application to what it needs."
  type        = string
  default     = "Depends on"
}

variable "runs_on_type" {
  description = "Reference type from a component to its server."
  type        = string
  default     = "Runs on"
}

variable "stores_data_in_type" {
  description = "Reference type from a component to its database."
  type        = string
  default     = "Stores data in"
}
