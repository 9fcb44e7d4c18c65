from interpreter.frontends.cli import main

main()
