// Fills the card with the first user of the demo's JSON API, or says why it cannot.
const card = document.getElementById('user');
const userName = document.getElementById('user-name');
const userEmail = document.getElementById('user-email');

try {
  const response = await fetch('/users/1', { headers: { accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`GET /users/1 answered ${response.status}`);
  }
  const user = await response.json();
  userName.textContent = user.name;
  userEmail.textContent = user.email;
  card.classList.add('loaded');
}
catch (error) {
  userName.textContent = 'Could not load the user';
  userEmail.textContent = error.message;
  card.classList.add('failed');
}
