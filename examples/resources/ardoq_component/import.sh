# Import a component by its Ardoq id (24 hexadecimal characters).
terraform import ardoq_component.customer_management 5eed0000000000000000c001

# Or by its component key: the "Ardoq ID" shown in the Ardoq app.
terraform import ardoq_component.customer_management CAP-1

# Or by its workspace's id and its id: many imports of one workspace then read its list pages, not each component.
terraform import ardoq_component.customer_management 5eed0000000000000000b001/5eed0000000000000000c001
