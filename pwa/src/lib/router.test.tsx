import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from './router';
import { Navigate, useSearchParams } from './searchParams';

/** The address shown, and the state it was opened with. */
function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output aria-label="at">{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</output>;
}

const at = () => screen.getByLabelText('at').textContent;

/** Clicks `link`; true when the router left the click to the browser (the test then stops it there). */
function leftToBrowser(link: HTMLElement, init?: MouseEventInit): boolean {
  let left = false;
  const stop = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', stop);
  fireEvent.click(link, init);
  document.removeEventListener('click', stop);
  return left;
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

describe('matchPath', () => {
  it('reads :name segments and ignores case and a trailing slash', () => {
    expect(matchPath('/read/:translation/:book/:chapter', '/read/kjv/Gen/1')?.params).toEqual({ translation: 'kjv', book: 'Gen', chapter: '1' });
    expect(matchPath('/settings', '/Settings/')).not.toBeNull();
    expect(matchPath('/meal-plans/:id', '/meal-plans')).toBeNull();
    expect(matchPath('/meal-plans/:id', '/meal-plans/a/b')).toBeNull();
    expect(matchPath('/privacy-policy.html', '/privacy-policyxhtml')).toBeNull();
  });

  it('gives a trailing * whatever follows, even nothing', () => {
    expect(matchPath('*', '/any/where')?.params).toEqual({ '*': 'any/where' });
    expect(matchPath('/read/*', '/read/kjv/Gen')?.params).toEqual({ '*': 'kjv/Gen' });
    expect(matchPath('/read/*', '/read')?.params).toEqual({ '*': '' });
    expect(matchPath('/read/*', '/reader')).toBeNull();
  });
});

describe('Routes', () => {
  function Plan() {
    return <p>plan {useParams().id}</p>;
  }
  const app = (path: string) => (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<p>not found</p>} />
        <Route path="/meal-plans" element={<p>all plans</p>} />
        <Route path="/meal-plans/:id" element={<Plan />} />
      </Routes>
    </MemoryRouter>
  );

  it('shows the page whose path matches, with its decoded parts, and the catch-all only when none does', () => {
    const { unmount } = render(app('/meal-plans/daniel%20fast'));
    expect(screen.getByText('plan daniel fast')).toBeInTheDocument();
    unmount();
    render(app('/meal-plans'));
    expect(screen.getByText('all plans')).toBeInTheDocument();
    expect(screen.queryByText('not found')).toBeNull();
  });

  it('shows the catch-all at an address no other route has', () => {
    render(app('/nowhere'));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});

describe('Link', () => {
  const page = () =>
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/saved?tab=notes#top" state={{ focus: 'x' }} className="btn">
          Saved
        </Link>
        <Link to="/">Home</Link>
        <Back />
        <Where />
      </MemoryRouter>,
    );

  it('is a real link that a plain click follows in the app, with its state', () => {
    page();
    const link = screen.getByRole('link', { name: 'Saved' });
    expect(link).toHaveAttribute('href', '/saved?tab=notes#top');
    expect(link).toHaveClass('btn');
    expect(leftToBrowser(link)).toBe(false);
    expect(at()).toBe('/saved?tab=notes#top {"focus":"x"}');
  });

  it('leaves a click with a modifier key or another button to the browser', () => {
    page();
    const link = screen.getByRole('link', { name: 'Saved' });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(leftToBrowser(link, click)).toBe(true);
    }
    expect(at()).toBe('/ null');
  });

  it('leaves a link that opens elsewhere to the browser', () => {
    render(
      <MemoryRouter>
        <Link to="/saved" target="_blank">
          Saved
        </Link>
        <Where />
      </MemoryRouter>,
    );
    expect(leftToBrowser(screen.getByRole('link', { name: 'Saved' }))).toBe(true);
    expect(at()).toBe('/ null');
  });

  it('adds no step to Back when it leads to the page already shown', () => {
    page();
    fireEvent.click(screen.getByRole('link', { name: 'Saved' }));
    fireEvent.click(screen.getByRole('link', { name: 'Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(at()).toBe('/ null');
  });
});

describe('useNavigate', () => {
  function Buttons() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => navigate('/a')}>
          A
        </button>
        <button type="button" onClick={() => navigate('/b', { replace: true, state: { toasted: true } })}>
          B instead
        </button>
      </>
    );
  }

  it('adds a step, replaces one with state, and goes back', () => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Buttons />
        <Back />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    expect(at()).toBe('/a null');
    fireEvent.click(screen.getByRole('button', { name: 'B instead' }));
    expect(at()).toBe('/b {"toasted":true}');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(at()).toBe('/start null');
  });

  it('<Navigate replace> takes the place of the page that renders it', () => {
    render(
      <MemoryRouter initialEntries={['/first', '/read']}>
        <Routes>
          <Route path="/read" element={<Navigate to="/read/kjv/Gen/1" replace />} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Back />
      </MemoryRouter>,
    );
    expect(at()).toBe('/read/kjv/Gen/1 null');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(at()).toBe('/first null');
  });
});

describe('useSearchParams', () => {
  function Query() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>list {params.get('list') ?? 'none'}</p>
        <button type="button" onClick={() => setParams({ list: 'week 2' })}>
          Open
        </button>
        <button type="button" onClick={() => setParams({})}>
          Close
        </button>
        <button type="button" onClick={() => setParams(new URLSearchParams('tab=physical'), { replace: true })}>
          Tab
        </button>
      </>
    );
  }

  it('reads the query and sets a new one on the same page, without the #fragment and state', () => {
    render(
      <MemoryRouter initialEntries={['/lists', '/shopping-lists?list=1#item']}>
        <Query />
        <Back />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('list 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(at()).toBe('/shopping-lists?list=week+2 null');
    expect(screen.getByText('list week 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(at()).toBe('/shopping-lists null');
    fireEvent.click(screen.getByRole('button', { name: 'Tab' }));
    expect(at()).toBe('/shopping-lists?tab=physical null');
    // Open and Close each added a step; Tab took Close's place.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(at()).toBe('/shopping-lists?list=week+2 null');
  });
});

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('writes the address bar and follows Back and Forward', async () => {
    render(
      <BrowserRouter>
        <Link to="/meal-plans" state={{ from: 'home' }}>
          Plans
        </Link>
        <Where />
      </BrowserRouter>,
    );
    expect(at()).toBe('/ null');
    fireEvent.click(screen.getByRole('link', { name: 'Plans' }));
    expect(window.location.pathname).toBe('/meal-plans');
    expect(at()).toBe('/meal-plans {"from":"home"}');

    act(() => window.history.back());
    await waitFor(() => expect(at()).toBe('/ null'));
    act(() => window.history.forward());
    await waitFor(() => expect(at()).toBe('/meal-plans {"from":"home"}'));
  });

  it('keeps the state of an entry across a reload', () => {
    const app = () => (
      <BrowserRouter>
        <Link to="/already-paid" state={{ email: 'a@b.c' }}>
          Already paid?
        </Link>
        <Where />
      </BrowserRouter>
    );
    const first = render(app());
    fireEvent.click(screen.getByRole('link', { name: 'Already paid?' }));
    first.unmount();
    render(app());
    expect(at()).toBe('/already-paid {"email":"a@b.c"}');
  });
});
