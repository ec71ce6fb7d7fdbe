import FlowCommandLine

// The whole command line lives in FlowCommandLine, where tests run it in process.
FlowCommandLine.main()
