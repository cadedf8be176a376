CREATE TABLE "market_bars" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"t" bigint NOT NULL,
	"o" numeric NOT NULL,
	"h" numeric NOT NULL,
	"l" numeric NOT NULL,
	"c" numeric NOT NULL,
	"v" numeric NOT NULL,
	CONSTRAINT "market_bars_symbol_interval_t_pk" PRIMARY KEY("symbol","interval","t")
);
