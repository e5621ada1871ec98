data "ardoq_component" "payments" {
  component_key = "CAP-3"
}

data "ardoq_reference" "part_of" {
  source = data.ardoq_component.payments.id
  type   = 10
}

output "payments_is_part_of" {
  value = data.ardoq_reference.part_of.target
}
