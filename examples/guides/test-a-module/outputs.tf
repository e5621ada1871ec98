output "application_id" {
  description = "Id of the application component."
  value       = ardoq_component.application.id
}

output "module_ids" {
  description = "Ids of the application's modules, by name."
  value       = { for name, m in module.application_module : name => m.id }
}
