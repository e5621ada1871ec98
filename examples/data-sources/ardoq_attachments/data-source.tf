# Every attachment in one folder.
data "ardoq_attachments" "diagrams" {
  folder = "5eed0000000000000000f001"
}

output "diagram_files" {
  value = [for a in data.ardoq_attachments.diagrams.attachments : a.filename]
}
