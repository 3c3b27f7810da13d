# Questions as shell scripts ask them with bash's read and select builtins:
# "[Y|n]", a numbered menu ("#? "), and a one-key "(y or n)".
read -r -p "Overwrite config.toml? [Y|n] " a
echo "overwrite: ${a:-y}"
sleep 0.6
PS3="#? "
select env in production staging preview; do
	echo "deploying to $env"
	break
done
sleep 0.8
read -r -n 1 -p "Restart the service now? (y or n) " r
echo
echo "restart: $r"
