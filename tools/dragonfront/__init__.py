"""Dragon Front offline tools: the card converter (`convert`) and the coverage report (`coverage`)."""
