import { PLANS } from './plans';
import { Link } from '../../lib/router';

export function PremiumPromo() {
  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title">Get Your Personalized 30-Day Wellness Plan</h2>
      <p>Guided workouts, a private prayer journal, premium meditations, daily biohacks and progress tracking.</p>
      <div className="row">
        <Link className="btn btn-gold" to="/subscribe-simple">
          {`Start My Plan - ${PLANS.monthly.price}/mo`}
        </Link>
        <Link className="btn btn-outline" to="/already-paid">
          I Already Paid
        </Link>
      </div>
    </section>
  );
}
