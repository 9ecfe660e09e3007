import http from 'node:http';
import { freePort } from './ports';

/** The color of every tile: a magenta no map draws, so a test can tell tiles from anything else on screen. */
export const TILE_COLOR = { r: 255, g: 0, b: 255 };
// A 1×1 PNG of that color: Leaflet stretches each tile image to 256 px, so one pixel is a whole tile.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z/AfAAQAAf8iCjrwAAAAAElFTkSuQmCC', 'base64');

/** A local stand-in for a map tile server (LEAFLET_TILE_URL): answers every tile with a tiny PNG and records the paths asked for. */
export class TileServerDouble {
  readonly requested: string[] = [];
  port = 0;
  private server = http.createServer((req, res) => {
    this.requested.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
  });

  /** The tile URL template to configure, e.g. http://127.0.0.1:4321/{z}/{x}/{y}.png */
  get template() {
    return `http://127.0.0.1:${this.port}/{z}/{x}/{y}.png`;
  }

  async start() {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
