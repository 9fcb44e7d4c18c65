from interpreter.frontends.entry import main

main()
