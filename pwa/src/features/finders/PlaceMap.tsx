// The map under a finder's results (Leaflet, loaded only on these pages):
// the ZIP code's centre and each place as a circle, its name in a tooltip,
// over the tiles the server names with their credit. The list above says
// everything the map shows, so the map is left out offline.

import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapTiles, ZipPlace } from '../../generated/api';

/** A tooltip of plain text: names come from OpenStreetMap, never read as HTML. */
function textOf(words: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = words;
  return span;
}

export interface MapPlace {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export default function PlaceMap({ center, places, tiles, label }: { center: ZipPlace; places: MapPlace[]; tiles: MapTiles; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer(tiles.url, {
      attribution: tiles.attribution,
      maxZoom: 19,
      // Tile servers (OpenStreetMap's among them) ask to know the page's site.
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(map);
    const here: L.LatLngExpression = [center.latitude, center.longitude];
    L.circleMarker(here, { radius: 6, color: '#1f4a36', fillColor: '#ffffff', fillOpacity: 1, weight: 3 })
      .bindTooltip(textOf(`ZIP ${center.zip}`))
      .addTo(map);
    const points: L.LatLngExpression[] = [here];
    for (const p of places) {
      const at: L.LatLngExpression = [p.latitude, p.longitude];
      points.push(at);
      L.circleMarker(at, { radius: 7, color: '#ffffff', fillColor: '#2f6b4f', fillOpacity: 0.95, weight: 2 })
        .bindTooltip(textOf(p.name))
        .addTo(map);
    }
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 14 });
    return () => {
      map.remove();
    };
  }, [center, places, tiles]);
  return <div ref={box} className="place-map" role="region" aria-label={label} />;
}
