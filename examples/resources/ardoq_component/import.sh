# Import a component by its Ardoq id (24 hexadecimal characters).
terraform import ardoq_component.customer_management 5eed0000000000000000c001

# Or by its component key: the "Ardoq ID" shown in the Ardoq app.
terraform import ardoq_component.customer_management CAP-1

# Or by its workspace's id and its id, as ardoq-export writes it in import blocks: the many imports of one
# workspace in one plan then read its list pages, not each component (one terraform import reads one).
terraform import ardoq_component.customer_management 5eed0000000000000000b001/5eed0000000000000000c001
