# Import a component by its Ardoq id (24 hexadecimal characters).
terraform import ardoq_component.customer_management 5eed0000000000000000c001

# Or by its component key: the "Ardoq ID" shown in the Ardoq app.
terraform import ardoq_component.customer_management CAP-1
