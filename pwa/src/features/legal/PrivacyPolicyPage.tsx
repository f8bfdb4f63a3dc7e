// /privacy-policy (and /privacy-policy.html): what Manna keeps, where, why,
// who else sees any of it, how it is protected, what a person can do about
// it, children, and whom to write to. Written for what this app really does.

import { useQuery } from '../../lib/query';
import { Link } from '../../lib/router';
import { apiRequest } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import type { About } from '../../generated/api';
import { storage } from '../../lib/storage';

const CONTACT_KEY = 'privacyContact';

/** The service's privacy contact: asked of the server, remembered for offline reading. */
async function contact(): Promise<string | null> {
  try {
    const about = await apiRequest<About>('GET', '/api/about');
    if (about.contactEmail) storage.set(CONTACT_KEY, about.contactEmail);
    else storage.remove(CONTACT_KEY);
    return about.contactEmail;
  } catch {
    return storage.get(CONTACT_KEY);
  }
}

function ContactLine() {
  const { data: email, isPending } = useQuery({ queryKey: ['/api/about'], queryFn: contact, staleTime: 60 * 60_000 });
  if (isPending) return <p aria-busy="true">Finding the contact address…</p>;
  return email ? (
    <p>
      Write to <a href={`mailto:${email}`}>{email}</a>. We answer privacy requests within 48 hours.
    </p>
  ) : (
    <p>
      Write to the people who run this Manna service at the address they gave you. We answer privacy requests within 48
      hours.
    </p>
  );
}

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <main className="page legal">
        <p className="meta">Version 1.0, January 2025</p>
        <section className="card" aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick actions</h2>
          <ul>
            <li>
              Update your name or password: <Link to="/set-password">Secure Your Account</Link>.
            </li>
            <li>
              Sign out every other device: <Link to="/account">Your Account</Link>.
            </li>
            <li>
              Get a copy of your data: <Link to="/settings">Your Data</Link>, Export.
            </li>
            <li>
              Delete your account and everything synced with it: <Link to="/settings#delete-account">Delete my account</Link> in
              Your Data.
            </li>
            <li>Report a problem: write to us (below).</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="collected">
          <h2 id="collected">1. Information we collect</h2>
          <p>
            <strong>Without an account.</strong> Your browser makes a random id (like <code>user-1763790000000-k3j9x2</code>)
            the first time you open Manna, and our server gives that browser a device token so that only it can read and
            change its data. The server keeps the token only as a one-way hash. A cookie holds your device's date and the name of
            its time zone (such as America/Chicago) so that the first page shows the reading of your day; the server does not
            store it. With your browser's record the server keeps a keyed hash of the network address it first came from
            (never the address itself), so that what browsers without an account on one network may store together can be
            limited.
          </p>
          <p>
            <strong>What you record.</strong> Prayer journal entries, weight entries, prayer reminders, wellness check
            scores, wellness goals, plans and their progress, meal-plan enrollments, shopping lists, the readings you keep as
            favorites, the verses you highlight, your notes on verses and your settings. They
            are kept on your device first, and copied to our server so your other devices get them. When two devices change
            the same entry, the version that was replaced is kept for 90 days so nothing you typed is lost.
          </p>
          <p>
            <strong>A locked journal.</strong> If you lock your prayer journal with a passphrase, your devices seal each
            entry&apos;s title, words and category before they are kept or sent. Our server then keeps only sealed text it
            cannot read, your journal key wrapped with your passphrase and with your recovery key, and in the open only each
            entry&apos;s date and whether it was answered. It never receives your passphrase, your recovery key or your
            journal key, and when you lock the journal it forgets the older versions it had kept of your entries. No one at
            Manna can open a locked journal, and resetting your password does not open it: without your passphrase or your
            recovery key, its entries cannot be read by anyone.
          </p>
          <p>
            <strong>In a group.</strong> When you start or join a group, the server keeps the group (its name, description and
            kind), that you belong to it, your role and the name you chose to show in it. What you share there (prayer
            requests, their news and answers, your &ldquo;I prayed&rdquo;, reflections and reports) is kept with the group and
            copied to the phones of its members. Its members see the name you chose beside what you share, never your email
            or your account; a request shared without your name shows it to the group&apos;s leaders only; a request for the
            leaders reaches only the leaders&apos; phones; &ldquo;I prayed&rdquo; shows your name only if you choose to show
            it; a report reaches only the leaders. Whoever runs this Manna server can read what a group shares, as it can read
            your other entries. When you leave a group, or a leader removes you, what you shared stays with the group and your
            phones keep nothing of it; when you delete your account, what you shared in groups is deleted from the server and
            from every member&apos;s phone, and a group you own passes to its first leader (or, with no leader, its first
            member) or, with no one else in it, is deleted. For a group&apos;s notifications the server keeps how you chose to
            hear of it (each request, a daily digest at your time, off, or muted), your quiet hours, and for about a day a note
            of each request and prayer so it can tell members; a notification shows the group&apos;s name and the
            request&apos;s title (never who prayed), and is encrypted for your device before it leaves the server.
          </p>
          <p>
            <strong>With an account.</strong> Your email address, first and last name, and a hash of your password (never the
            password itself), plus your sign-in sessions.
          </p>
          <p>
            <strong>With a subscription.</strong> Your plan, its status and dates, and the customer and subscription ids our
            payment provider gives us; email addresses you proved with a one-time code.
          </p>
          <p>
            We do <strong>not</strong> collect your phone number, postal address, location, photos, contacts or data from
            health apps. Manna has no advertising, analytics or tracking code.
          </p>
        </section>

        <section className="card" aria-labelledby="use">
          <h2 id="use">2. How we use it</h2>
          <p>
            Only to run Manna for you: to show your entries on every device you use, to sign you in, to know whether you
            have premium, and to email you the codes you ask for. We never sell your data, show you ads or build a profile
            of you.
          </p>
        </section>

        <section className="card" aria-labelledby="third-parties">
          <h2 id="third-parties">3. Third parties</h2>
          <p>
            <strong>Payments.</strong> Subscriptions are handled by Stripe. Your card details go straight to Stripe; Manna
            never sees or stores card numbers. Stripe keeps payment records under its own privacy policy.
          </p>
          <p>
            <strong>Email.</strong> One-time codes are sent through the email service this Manna is set up with.
          </p>
          <p>
            <strong>Links you tap.</strong> Study links (such as PubMed searches) and music searches open those websites,
            which have their own policies. Nothing is sent to them until you tap.
          </p>
        </section>

        <section className="card" aria-labelledby="security">
          <h2 id="security">4. Security</h2>
          <p>
            Passwords are hashed with Argon2id; device and session tokens are stored only as hashes; the session cookie
            cannot be read by scripts; the database files can be read only by the server; and in production Manna is served only over HTTPS.
            Repeated failed sign-ins are slowed down: the server counts recent attempts per network address, in memory when
            Manna runs on one server and in its database for at most a day when it runs on several.
          </p>
        </section>

        <section className="card" aria-labelledby="rights">
          <h2 id="rights">5. Your rights</h2>
          <p>
            You can see and change everything you recorded in the app itself. You can ask us for a copy of all the data the
            server holds about you, or to correct it. You can delete your account and everything synced with it yourself, in
            Your Data (Delete my account): it is gone from the server at once, and a premium subscription is cancelled with it.
            Signing out of a device removes your data from that device.
          </p>
        </section>

        <section className="card" aria-labelledby="children">
          <h2 id="children">6. Children</h2>
          <p>
            Manna is not meant for children under 13, and we do not knowingly collect their data. If you believe a child
            under 13 has an account, write to us and we will delete it.
          </p>
        </section>

        <section className="card" aria-labelledby="contact">
          <h2 id="contact">7. Contact</h2>
          <ContactLine />
        </section>
      </main>
    </>
  );
}
