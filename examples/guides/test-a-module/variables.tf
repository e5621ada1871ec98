variable "workspace" {
  description = "Workspace of the application."
  type        = string
  default     = "Applications"
}

variable "name" {
  description = "Name of the application."
  type        = string
}

variable "owner" {
  description = "Team that owns the application and its modules."
  type        = string
}

variable "stage" {
  description = "Lifecycle stage of the application."
  type        = string
  default     = "live"

  validation {
    condition     = contains(["plan", "build", "live", "retire"], var.stage)
    error_message = "The stage is one of plan, build, live and retire (the options of the Lifecycle field)."
  }
}

variable "modules" {
  description = "Names of the application's modules."
  type        = set(string)
  default     = []
}
