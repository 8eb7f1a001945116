module github.com/agentkernel/agentkernel

go 1.24
