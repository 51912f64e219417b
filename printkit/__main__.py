from printkit.entry import main

main()
