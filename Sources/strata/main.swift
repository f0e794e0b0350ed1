import QuartzCore
print("strata")
