"""A stdlib cmd.Cmd shell (readline line editing and completion) as small
admin tools write them: "greet NAME", "sync" (prints a gerund line, then
1.5 s of silent work), "help", "quit". Truth from strace."""
import cmd
import time


class Shell(cmd.Cmd):
    intro = "inventory shell. type help or ? to list commands."
    prompt = "(inv) "

    def do_greet(self, arg):
        "greet NAME: say hello"
        print("hello, %s" % (arg or "stranger"))

    def do_sync(self, arg):
        "sync: pull the inventory"
        print("syncing inventory...")
        time.sleep(1.5)
        print("42 items")

    def do_quit(self, arg):
        "quit: leave"
        return True


Shell().cmdloop()
