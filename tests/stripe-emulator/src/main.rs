//! Runs the Stripe emulator: `manna-stripe-emulator --port 12111 --webhook-url …`.

use clap::Parser;

#[derive(Debug, Parser)]
#[command(
    name = "manna-stripe-emulator",
    about = "A local stand-in for Stripe, for Manna's test mode"
)]
struct Args {
    /// Port to listen on (on 127.0.0.1).
    #[arg(long, env = "EMULATOR_PORT", default_value_t = 12111)]
    port: u16,
    /// Manna's webhook endpoint.
    #[arg(long, env = "EMULATOR_WEBHOOK_URL")]
    webhook_url: Option<String>,
    /// Secret the webhooks are signed with (Manna's STRIPE_WEBHOOK_SECRET).
    #[arg(
        long,
        env = "EMULATOR_WEBHOOK_SECRET",
        default_value = "whsec_manna_emulator"
    )]
    webhook_secret: String,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "manna_stripe_emulator=info".into()),
        )
        .init();
    let args = Args::parse();
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await?;
    let addr = listener.local_addr()?;
    // Tests start it on port 0 and read the address from this line.
    println!("stripe emulator listening on http://{addr}");
    let settings = manna_stripe_emulator::Settings {
        webhook_url: args.webhook_url,
        webhook_secret: args.webhook_secret,
        public_base: format!("http://{addr}"),
    };
    manna_stripe_emulator::serve(settings, listener, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}
