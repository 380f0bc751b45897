import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Municipalidad de Villa La Angostura' },
  { name: 'description', content: 'Sitio oficial de la Municipalidad de Villa La Angostura, Neuquén.' },
];

export default function Home() {
  return <h1>Inicio</h1>;
}
