module tengen

go 1.26
